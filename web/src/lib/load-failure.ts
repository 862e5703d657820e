import { ApiError } from './api-client';

/**
 * Why a read failed, in the words a page needs: a real answer about the thing (it does not exist, or is not
 * the user's to see) is shown as such; anything else — no connection, a server fault, an unreadable answer —
 * is "couldn't load", with Retry, and never passes for "not found" or "none".
 */
export type LoadFailureKind = 'missing' | 'forbidden' | 'offline' | 'unavailable';

export interface LoadFailure {
  readonly kind: LoadFailureKind;
  /** A plain sentence on what happened and what to do. */
  readonly detail: string;
}

const details: Record<LoadFailureKind, string> = {
  missing: 'It may have been deleted, or the link is wrong.',
  forbidden: 'You do not have access to it.',
  offline: 'The server could not be reached. Check your connection, then try again.',
  unavailable: 'The server had a problem answering. Try again in a moment.',
};

function kindOf(error: unknown): LoadFailureKind {
  if (!(error instanceof ApiError)) return 'unavailable';
  if (error.status === 0) return 'offline';
  if (error.status === 404) return 'missing';
  if (error.status === 403) return 'forbidden';
  // 5xx, and an answer that could not be read (any status): asking again may work.
  return 'unavailable';
}

export function loadFailure(error: unknown): LoadFailure {
  const kind = kindOf(error);
  return { kind, detail: details[kind] };
}

/** True only when the server answered that the thing is not there (a 404), not when it could not be asked. */
export function isMissing(error: unknown): boolean {
  return loadFailure(error).kind === 'missing';
}

/** What a query holds that says whether and why it failed (TanStack Query's result). */
interface ReadState {
  readonly data: unknown;
  readonly isError: boolean;
  readonly failureCount: number;
  readonly error: unknown;
  readonly failureReason: unknown;
}

/**
 * The failure to show for a read, or null: once it failed for good, or already when its first retry failed
 * too (the last try goes on behind the message, which goes away if that one succeeds). Eight seconds of
 * skeleton before a slow API's error said nothing the first four did not.
 */
export function readFailure(query: ReadState): { error: unknown } | null {
  if (query.data !== undefined) return null;
  if (query.isError) return { error: query.error };
  return query.failureCount >= 2 ? { error: query.failureReason } : null;
}
