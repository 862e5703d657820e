/**
 * A local stand-in for Google's OAuth 2.0 endpoints (accounts.google.com, oauth2.googleapis.com) and the
 * parts of www.googleapis.com the app calls (Calendar v3, OAuth2 v2 userinfo). The handlers' requests
 * (functions/google/google-client.ts and revoke-grant.ts) are pointed here by GOOGLE_ENDPOINT_URL only:
 *
 *   `${url}/o/oauth2/v2/auth` (consent), `${url}/token`, `${url}/revoke`, `${url}/oauth2/v2/userinfo`, `${url}/calendar/v3/…`
 *
 * so the code that runs in AWS runs unchanged on one machine, offline, against three seeded test accounts. Its
 * tests drive it with Google's own clients (googleapis, google-auth-library), so it answers as they expect.
 * It copies Google's wire behaviour where the clients depend on it (form-encoded token requests, the
 * token passed to /revoke in a form or the query string, `{error, error_description}` from the token endpoint and
 * `{error:{code, message, errors:[…]}}` from the APIs, 410 for a stale sync token) and Google's rules that
 * catch real bugs (event ids in base32hex, scopes per API, a refresh token only on first consent unless
 * prompt=consent). State lives in memory per instance; `control` lets tests change the world "from
 * outside" and inject Google's failures.
 *
 * One module per part: types.ts (the public shapes), seed.ts (test accounts and events), errors.ts, time.ts,
 * event-input.ts (the Calendar API's input rules), oauth.ts, calendar.ts, pages.ts (HTML), replies.ts,
 * endpoints.ts (paths to answers), control.ts (/_control/) and server.ts (startGoogleStandIn).
 */
export { TEST_ACCOUNTS } from './seed.js';
export { startGoogleStandIn } from './server.js';
export {
  LOCAL_GOOGLE_CLIENT,
  type CalendarAccessRole,
  type CalendarEvent,
  type EventDateTime,
  type EventInput,
  type EventStatus,
  type GoogleStandIn,
  type GoogleStandInOptions,
  type InjectedFailure,
  type InjectedFailureStatus,
  type RecordedRequest,
  type StandInControl,
  type TestAccount,
  type TestCalendar,
} from './types.js';
