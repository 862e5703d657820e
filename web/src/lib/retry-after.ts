import { ApiError, apiErrorMessage } from './api-client';

/** When a refused call may be tried again, in words: 'Try again in 12 minutes.' */
export function tryAgainIn(seconds: number): string {
  if (seconds < 60) return `Try again in ${Math.max(1, Math.ceil(seconds))} ${Math.ceil(seconds) === 1 ? 'second' : 'seconds'}.`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
  return `Try again in ${Math.ceil(minutes / 60)} hours.`;
}

/**
 * The message for a failed call, as apiErrorMessage gives it, and for an abuse limit's 429 also when to try
 * again (from its Retry-After).
 */
export function messageWithRetryHint(error: unknown, fallback: string): string {
  const message = apiErrorMessage(error, fallback);
  if (!(error instanceof ApiError) || error.status !== 429 || error.retryAfterSeconds === undefined) return message;
  return `${message} ${tryAgainIn(error.retryAfterSeconds)}`;
}
