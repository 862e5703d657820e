/**
 * A message carried to the next page in the router's location state, e.g. why a page redirected
 * (`navigate(to, { state: withNotice('…') })`); the target reads it with `readNotice(location.state)`.
 */
export interface RouteNotice {
  readonly notice: string;
}

export function withNotice(notice: string): RouteNotice {
  return { notice };
}

/** The notice in a location state, if any (the state may hold anything another page put there). */
export function readNotice(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return null;
  return typeof state.notice === 'string' && state.notice ? state.notice : null;
}
