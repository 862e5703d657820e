import { ForbiddenError, NotFoundError, TooManyRequestsError, UpstreamError, type HttpError } from '../lib/errors.js';
import { GoogleApiError } from '../google/google-client.js';

/**
 * What to tell the user when Google refuses a calendar request (after the client's retries): a calendar the
 * account may only read, one no longer shared with it, or Google being busy are the user's situation, not a
 * server failure, so they are answered as such (and a sync reports them per calendar instead of failing).
 */

type Refusal = 'read-only' | 'gone' | 'busy' | 'down' | 'other';

/** Google answers 403 both for missing rights and for some of its rate limits; the reason tells them apart. */
const RATE_LIMIT_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'quotaExceeded', 'dailyLimitExceeded']);

function refusalOf(error: GoogleApiError): Refusal {
  if (error.status === 429 || (error.status === 403 && error.reason !== undefined && RATE_LIMIT_REASONS.has(error.reason))) return 'busy';
  if (error.status >= 500) return 'down';
  if (error.status === 403) return 'read-only';
  if (error.status === 404 || error.status === 410) return 'gone';
  return 'other';
}

export const READ_ONLY_DUE_DATES = 'Due dates are not written here: Google lets this account only read this calendar.';

/** The answer to adding an event that Google refused. */
export function eventRefusal(error: GoogleApiError, calendarSummary: string): HttpError {
  switch (refusalOf(error)) {
    case 'read-only':
      return new ForbiddenError(`Google lets this account only read "${calendarSummary}"; choose a calendar you can add events to`);
    case 'gone':
      return new NotFoundError(`"${calendarSummary}" is no longer in this Google account; refresh the calendars`);
    case 'busy':
      return new TooManyRequestsError('Google Calendar is limiting requests; try again in a minute');
    case 'down':
      return new UpstreamError('Google Calendar is not answering; try again later');
    case 'other':
      return new UpstreamError(`Google Calendar refused the event (HTTP ${error.status})`);
  }
}

/** What a sync could not do for one calendar, shown beside it: its due dates (`write`) or its events (`read`). */
export function syncRefusal(error: GoogleApiError, step: 'write' | 'read'): string {
  switch (refusalOf(error)) {
    case 'read-only':
      return step === 'write' ? READ_ONLY_DUE_DATES : 'Google does not let this account read this calendar’s events.';
    case 'gone':
      return 'Google no longer has this calendar for this account.';
    case 'busy':
    case 'down':
      return `Google Calendar did not answer, so ${step === 'write' ? 'due dates were' : 'events were'} not brought up to date; the next sync tries again.`;
    case 'other':
      return `Google Calendar refused to ${step === 'write' ? 'write due dates' : 'list events'} (HTTP ${error.status}).`;
  }
}
