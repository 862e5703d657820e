import { Component, type ErrorInfo, type ReactNode } from 'react';

function describe(error: unknown): string | undefined {
  return error instanceof Error ? error.message : undefined;
}

/**
 * What an unexpected screen failure shows (spec core §8). Plain links: the app state may be broken. Inside
 * the app shell (`inShell`) it takes only the page's place, so the navigation stays usable.
 */
export function UnexpectedError({ error, inShell = false }: { error: unknown; inShell?: boolean }) {
  const detail = describe(error);
  const card = (
    <>
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
    </>
  );
  if (inShell) {
    return (
      <div className="page">
        <div className="error-card" role="alert">
          {card}
        </div>
      </div>
    );
  }
  return (
    <div className="full-page-center">
      <main className="error-card" role="alert">
        {card}
      </main>
    </div>
  );
}

/**
 * Catches a page that fails to render (or whose chunk fails to load) and shows the error screen in its
 * place; moving to another path (`resetKey`) tries again. The router has one around everything; each app
 * shell has one around its page (`inShell`).
 */
export class RouteErrorBoundary extends Component<{ resetKey: string; inShell?: boolean; children: ReactNode }, { error: unknown; key: string }> {
  override state: { error: unknown; key: string } = { error: undefined, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: undefined, key: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unexpected application error', error, info.componentStack);
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <UnexpectedError error={this.state.error} inShell={this.props.inShell ?? false} />;
  }
}
