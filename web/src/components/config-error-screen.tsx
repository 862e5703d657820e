import type { ConfigError } from '@/lib/config';

/** Shown when /config.json is missing or invalid: the app cannot reach its backend without it. */
export function ConfigErrorScreen({ error }: { error: ConfigError }) {
  return (
    <div className="full-page-center">
      <main className="error-card" role="alert">
        <h1>The app is not configured</h1>
        <p>{error.message}.</p>
        {error.problems.length > 0 ? (
          <ul className="error-list">
            {error.problems.map((problem) => (
              <li key={problem}>
                <code>{problem}</code>
              </li>
            ))}
          </ul>
        ) : null}
        <p className="muted">
          Locally, start the app with <code>npm start</code>, which serves <code>/config.json</code>. In AWS, the web stack deploys it.
        </p>
      </main>
    </div>
  );
}
