/** Where signed-in users go when nothing else is asked for. */
export const DEFAULT_SIGNED_IN_PATH = '/dashboard';

/** The query parameter the guard adds to /auth/login (kept when the page is reloaded or shared). */
export const REDIRECT_PARAM = 'redirect';

interface PathParts {
  readonly pathname: string;
  readonly search?: string;
  readonly hash?: string;
}

export function pathOf(location: PathParts): string {
  return `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
}

/**
 * Only same-origin paths are followed after sign-in: an open redirect (`//evil.example`, `/\evil`,
 * `https://…`) is ignored, and so are the auth pages themselves (no loop back to the login form).
 */
export function isSafeRedirect(target: unknown): target is string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(target)) return false;
  let url: URL;
  try {
    url = new URL(target, 'http://app.invalid');
  } catch {
    return false;
  }
  if (url.origin !== 'http://app.invalid') return false;
  return url.pathname !== '/auth' && !url.pathname.startsWith('/auth/');
}

function fromState(state: unknown): unknown {
  if (typeof state !== 'object' || state === null || !('from' in state)) return undefined;
  const from = (state as { from: unknown }).from;
  if (typeof from === 'string') return from;
  if (typeof from === 'object' && from !== null && 'pathname' in from && typeof from.pathname === 'string') {
    const parts = from as { pathname: string; search?: unknown; hash?: unknown };
    return pathOf({
      pathname: parts.pathname,
      search: typeof parts.search === 'string' ? parts.search : '',
      hash: typeof parts.hash === 'string' ? parts.hash : '',
    });
  }
  return undefined;
}

/**
 * Where to go after signing in: the page the guard sent the visitor away from (router state, then the
 * `?redirect=` query), else the dashboard.
 */
export function redirectTarget(state: unknown, search: string, fallback: string = DEFAULT_SIGNED_IN_PATH): string {
  const candidates = [fromState(state), new URLSearchParams(search).get(REDIRECT_PARAM)];
  return candidates.find(isSafeRedirect) ?? fallback;
}
