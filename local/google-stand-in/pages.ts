/** HTML pages: the consent screen, its errors, and the page an event's htmlLink opens. */
import type { CalendarRecord } from './calendar.js';
import { PageError } from './errors.js';
import { type AuthorizationRequest, SCOPE_DESCRIPTIONS } from './oauth.js';
import type { CalendarEvent, EventDateTime, TestAccount } from './types.js';

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const PAGE_STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f1f3f4; color: #1f1f1f; }
  main { max-width: 30rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 12px; }
  h1 { font-size: 1.5rem; margin: 0 0 .75rem; }
  .notice { background: #fef7e0; border: 1px solid #b06000; border-radius: 8px; padding: .75rem 1rem; }
  fieldset { border: 0; padding: 0; margin: 1.5rem 0 1rem; }
  legend { font-weight: 600; margin-bottom: .5rem; }
  .accounts { list-style: none; padding: 0; margin: 0; }
  button { display: block; width: 100%; text-align: left; font: inherit; color: inherit; padding: .75rem 1rem; margin: .25rem 0;
    border: 1px solid #747775; border-radius: 8px; background: #fff; cursor: pointer; }
  button:hover { background: #f0f4f9; }
  button:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
  .account-name { display: block; font-weight: 600; }
  .account-email { display: block; color: #444746; font-size: .875rem; }
  .cancel { display: inline-block; width: auto; text-align: center; }
`;

function htmlDocument(title: string, main: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
${main}
</main>
</body>
</html>
`;
}

const CONSENT_TITLE = 'Sign in with Google (local stand-in)';
const STAND_IN_NOTICE =
  '<p class="notice" role="note">This is the local stand-in for Google sign-in. No real Google account is used and nothing leaves this machine.</p>';

export function consentPage(request: AuthorizationRequest, accounts: readonly TestAccount[]): string {
  const hidden = [...request.carried]
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  const choices = accounts
    .map(
      (account) =>
        `<li><button type="submit" name="account" value="${escapeHtml(account.email)}">` +
        `<span class="account-name">${escapeHtml(account.name)}</span> <span class="account-email">${escapeHtml(account.email)}</span></button></li>`,
    )
    .join('\n');
  const asks = request.scopes.map((scope) => `<li>${escapeHtml(SCOPE_DESCRIPTIONS[scope] ?? scope)}</li>`).join('\n');
  return htmlDocument(
    CONSENT_TITLE,
    `<h1>${escapeHtml(CONSENT_TITLE)}</h1>
${STAND_IN_NOTICE}
<form method="get" action="/o/oauth2/v2/approve">
${hidden}
<fieldset>
<legend>Choose a test account to continue to ${escapeHtml(request.clientId)}</legend>
<ul class="accounts">
${choices}
</ul>
</fieldset>
<p id="scopes-heading">Continuing allows the app to:</p>
<ul aria-labelledby="scopes-heading">
${asks}
</ul>
<button type="submit" name="cancel" value="1" class="cancel">Cancel</button>
</form>`,
  );
}

export function errorPage(error: PageError): string {
  return htmlDocument(
    CONSENT_TITLE,
    `<h1>Access blocked: this request is invalid</h1>
${STAND_IN_NOTICE}
<p>Error ${error.status}: ${escapeHtml(error.code)}</p>
<p>${escapeHtml(error.message)}</p>`,
  );
}

function describeTime(time: EventDateTime): string {
  return time.date ?? `${time.dateTime ?? ''}${time.timeZone ? ` (${time.timeZone})` : ''}`;
}

export function eventPage(found: { record: CalendarRecord; event: CalendarEvent } | undefined): string {
  if (!found) return htmlDocument('Event not found – Google Calendar (local stand-in)', '<h1>Event not found</h1>');
  const { record, event } = found;
  const title = event.summary ?? '(No title)';
  return htmlDocument(
    `${title} – Google Calendar (local stand-in)`,
    `<h1>${escapeHtml(title)}</h1>
<p class="notice" role="note">An event in the local Google Calendar stand-in.</p>
<dl>
<dt>Calendar</dt><dd>${escapeHtml(record.calendar.summary)}</dd>
<dt>Starts</dt><dd>${escapeHtml(describeTime(event.start))}</dd>
<dt>Ends</dt><dd>${escapeHtml(describeTime(event.end))}</dd>
<dt>Status</dt><dd>${escapeHtml(event.status)}</dd>
${event.description ? `<dt>Description</dt><dd>${escapeHtml(event.description)}</dd>` : ''}
</dl>`,
  );
}
