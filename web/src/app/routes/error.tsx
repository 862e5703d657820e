import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

function describe(error: unknown): string | undefined {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return undefined;
}

/** What an unexpected screen failure shows (spec core §8). Plain links: the app state may be broken. */
export function UnexpectedError({ error }: { error: unknown }) {
  const detail = describe(error);
  return (
    <div className="full-page-center">
      <main className="error-card" role="alert">
        <h1>Unexpected Application Error!</h1>
        {detail ? <pre className="error-detail">{detail}</pre> : null}
        <div className="form-actions">
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Reload
          </button>
          <a href="/" className="btn btn-secondary">
            Go to home page
          </a>
        </div>
      </main>
    </div>
  );
}

/** The router's errorElement. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  return <UnexpectedError error={error} />;
}
