import { randomBytes, randomUUID } from 'node:crypto';
import { zonedInstant } from '../../shared/rules/calendar-date.js';
import type { CalendarSyncPreferences } from '../../shared/schemas/profile.js';
import {
  canAddEvents,
  type ConnectGoogleAccountInput,
  type CreateGoogleEventInput,
  type GoogleAccountView,
  type GoogleEventView,
  type SaveCalendarSettingsInput,
} from '../../shared/schemas/google-calendar.js';
import { deleteAccountData, getAccount, listAccounts, markReconnect, storeConnectedAccount, type StoredAccount } from '../data/google-calendar/accounts.js';
import { listCalendars, putCalendars, type StoredCalendar } from '../data/google-calendar/calendars.js';
import { replaceEvents } from '../data/google-calendar/events.js';
import { putOAuthState, takeOAuthState } from '../data/google-calendar/oauth-states.js';
import { listProjects } from '../data/projects.js';
import type { Caller } from '../lib/caller.js';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors.js';
import { authorizationUrl, exchangeCode, GoogleApiError, GoogleGrantRevokedError } from '../google/google-client.js';
import { googleSettings } from '../google/google-settings.js';
import { readAsMember, requireMembership, WORKSPACE_NOT_FOUND } from './authorize.js';
import { ensureProfile } from './profiles.js';
import { accountView, eventView } from './google-calendar-views.js';
import { eventRefusal } from './google-refusals.js';
import { revokeStoredGrant } from './google-grants.js';
import { tokenContext } from '../google/token-context.js';
import { calendarApiOf, forgetCalendar, syncAccount, toStoredEvent, type SyncOptions } from './google-sync.js';
import { epochSeconds } from '../data/epoch-seconds.js';

/**
 * Google Calendar, the one real integration (spec pages §2, §7 google-calendar-auth and -sync): each user
 * connects their own Google accounts in a workspace, chooses which calendars to show and which project each
 * belongs to, and creates events (what it shows is read in google-calendar-views.ts). Everything is the
 * caller's own: another user's account id is simply not found.
 */
export const ACCOUNT_NOT_FOUND = 'Account not found';
const STATE_LIFETIME_SECONDS = 10 * 60;
const BAD_STATE = 'The authorization has expired or was not started here; connect the account again';
const READ_ONLY_LINK = 'cannot be linked: Google lets this account only read this calendar, so due dates cannot be written to it';
const READ_ONLY_EVENT = 'is read-only in Google for this account; choose a calendar you can add events to';

async function requireAccount(caller: Caller, workspaceId: string, accountId: string): Promise<StoredAccount> {
  const account = await readAsMember(workspaceId, caller.userId, () => getAccount(workspaceId, caller.userId, accountId));
  if (!account) throw new NotFoundError(ACCOUNT_NOT_FOUND);
  return account;
}

/** A grant Google refuses is a state of the account (reconnect), not a server failure. */
async function asAccountUser<T>(account: StoredAccount, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof GoogleGrantRevokedError)) throw error;
    await markReconnect(account, true);
    throw new ConflictError(`Google no longer accepts the access for ${account.email}; remove the account and connect it again`);
  }
}

/** The address to send the browser to, carrying a one-use state bound to the caller and the workspace. */
export async function googleAuthUrlFor(caller: Caller, workspaceId: string): Promise<string> {
  await requireMembership(workspaceId, caller.userId);
  const state = randomBytes(32).toString('base64url');
  // PKCE: the verifier stays with the state on the server; Google gets only its hash.
  const codeVerifier = randomBytes(32).toString('base64url');
  await putOAuthState(state, { userId: caller.userId, workspaceId, codeVerifier, expiresAt: epochSeconds() + STATE_LIFETIME_SECONDS });
  return authorizationUrl(state, codeVerifier);
}

/**
 * Completes the connection the callback page reports: the state must be this caller's, for this
 * workspace, unused and fresh; then the code is exchanged, the refresh token sealed and stored, and the
 * account's calendars read (the primary one enabled on first connection).
 */
export async function connectGoogleAccountFor(caller: Caller, workspaceId: string, input: ConnectGoogleAccountInput): Promise<GoogleAccountView> {
  await requireMembership(workspaceId, caller.userId);
  const pending = await takeOAuthState(input.state);
  if (!pending || pending.userId !== caller.userId || pending.workspaceId !== workspaceId || pending.expiresAt * 1000 < Date.now()) {
    throw new BadRequestError(`state: ${BAD_STATE}`, [{ field: 'state', message: BAD_STATE }]);
  }
  const { refreshToken, profile } = await exchangeCode(input.code, pending.codeVerifier).catch((error: unknown) => {
    if (error instanceof GoogleGrantRevokedError) {
      throw new BadRequestError('code: The authorization code is invalid or was already used', [{ field: 'code', message: 'is invalid or was already used' }]);
    }
    throw error;
  });
  const existing = await getAccount(workspaceId, caller.userId, profile.id);
  const identity = { userId: caller.userId, workspaceId, accountId: profile.id };
  // Google issues a refresh token only on consent; a reconnection without one keeps the stored token.
  const sealed = refreshToken ? await googleSettings().tokenCipher.seal(refreshToken, tokenContext(identity)) : existing?.refreshToken;
  if (!sealed) throw new BadRequestError('code: Google granted no offline access; remove TaskFlow from your Google account permissions and connect again');
  const account: StoredAccount = {
    ...identity,
    email: profile.email,
    name: profile.name,
    picture: profile.picture,
    refreshToken: sealed,
    needsReconnect: false,
    connectedAt: existing?.connectedAt ?? new Date().toISOString(),
  };
  if ((await storeConnectedAccount(account)) === 'not-member') {
    // Removed while Google exchanged the code: the grant just issued must not outlive the membership.
    await revokeStoredGrant(account);
    throw new NotFoundError(WORKSPACE_NOT_FOUND);
  }
  const { calendarSync } = await ensureProfile(caller);
  const synced = await syncAccount(account, syncOptions(caller, calendarSync));
  return accountView(synced.account, synced.calendars);
}

/** Remove: the grant is revoked at Google (best effort: a grant already gone is fine) and everything stored goes. */
export async function disconnectGoogleAccountFor(caller: Caller, workspaceId: string, accountId: string): Promise<void> {
  const account = await requireAccount(caller, workspaceId, accountId);
  // The user asked to disconnect: the stored grant is deleted whatever Google answers.
  await revokeStoredGrant(account);
  await deleteAccountData(workspaceId, caller.userId, accountId);
}

/** Calendar Settings of one account: which calendars are enabled and the project each is linked to. */
export async function saveCalendarSettingsFor(
  caller: Caller,
  workspaceId: string,
  accountId: string,
  input: SaveCalendarSettingsInput,
): Promise<GoogleAccountView> {
  const account = await requireAccount(caller, workspaceId, accountId);
  const [calendars, projects] = await Promise.all([listCalendars(workspaceId, caller.userId, accountId), listProjects(workspaceId)]);
  const byId = new Map(calendars.map((calendar) => [calendar.calendarId, calendar]));
  const projectIds = new Set(projects.map((project) => project.id));
  // A link the calendar already had comes back as it was; if it can no longer hold (its project was deleted,
  // the calendar turned read-only), it is dropped rather than refused, so the account's settings still save.
  const kept = (setting: { id: string; projectId: string | null }) => setting.projectId !== null && byId.get(setting.id)?.projectId === setting.projectId;
  const linkable = (setting: { id: string }) => {
    const stored = byId.get(setting.id);
    return stored === undefined || canAddEvents(stored);
  };
  const fields = input.calendars.flatMap((setting, index) => [
    ...(byId.has(setting.id) ? [] : [{ field: `calendars.${index}.id`, message: 'is not a calendar of this account' }]),
    ...(input.calendars.findIndex((other) => other.id === setting.id) < index ? [{ field: `calendars.${index}.id`, message: 'is listed twice' }] : []),
    ...(setting.projectId === null || kept(setting) || projectIds.has(setting.projectId) ? [] : [{ field: `calendars.${index}.projectId`, message: 'is not a project of this workspace' }]),
    ...(setting.projectId === null || kept(setting) || linkable(setting) ? [] : [{ field: `calendars.${index}.projectId`, message: READ_ONLY_LINK }]),
  ]);
  if (fields.length > 0) throw new BadRequestError(fields.map(({ field, message }) => `${field}: ${message}`).join('; '), fields);

  const changed = input.calendars.map((setting) => {
    const stored = byId.get(setting.id) as StoredCalendar;
    const holds = setting.projectId !== null && setting.enabled && projectIds.has(setting.projectId) && canAddEvents(stored);
    return { ...stored, enabled: setting.enabled, projectId: holds ? setting.projectId : null };
  });
  await putCalendars(workspaceId, caller.userId, changed);
  await Promise.all(changed.filter((calendar) => !calendar.enabled && byId.get(calendar.calendarId)?.enabled).map((calendar) => forgetCalendar(account, calendar, true)));
  const { calendarSync } = await ensureProfile(caller);
  const synced = await syncAccount(account, syncOptions(caller, calendarSync));
  return accountView(synced.account, synced.calendars);
}

/** A sync as the user's Sync Preferences ask (two-way sync moves tasks as the user). */
const syncOptions = (caller: Caller, preferences: CalendarSyncPreferences): SyncOptions => ({
  syncDeadlines: preferences.syncDeadlines,
  twoWaySync: preferences.twoWaySync && { caller },
});

/** Refresh Calendars: every account's calendar list, linked due dates and events brought up to date. */
export async function syncGoogleCalendarFor(caller: Caller, workspaceId: string): Promise<GoogleAccountView[]> {
  const [accounts, profile] = await Promise.all([listAccounts(workspaceId, caller.userId), ensureProfile(caller), requireMembership(workspaceId, caller.userId)]);
  const synced = await Promise.all(accounts.map((account) => syncAccount(account, syncOptions(caller, profile.calendarSync))));
  return synced.sort((a, b) => a.account.connectedAt.localeCompare(b.account.connectedAt)).map(({ account, calendars }) => accountView(account, calendars));
}

/** Creates the event at Google (with an id chosen here, so a retried insert is not doubled) and keeps its copy. */
export async function createGoogleEventFor(caller: Caller, workspaceId: string, input: CreateGoogleEventInput): Promise<GoogleEventView> {
  const account = await requireAccount(caller, workspaceId, input.accountId);
  const calendar = (await listCalendars(workspaceId, caller.userId, account.accountId)).find((candidate) => candidate.calendarId === input.calendarId);
  if (!calendar) throw new NotFoundError('Calendar not found');
  if (!canAddEvents(calendar)) throw new BadRequestError(`calendarId: ${READ_ONLY_EVENT}`, [{ field: 'calendarId', message: READ_ONLY_EVENT }]);
  const start = zonedInstant(input.date, input.startTime, input.timeZone ?? 'UTC');
  const end = new Date(start.getTime() + input.durationMinutes * 60_000);
  const { calendarSync } = await ensureProfile(caller);
  const created = await asAccountUser(account, async () =>
    (await calendarApiOf(account))
      .insertEvent(calendar.calendarId, {
        id: randomUUID().replaceAll('-', ''),
        summary: input.summary,
        description: input.description ?? '',
        start: { dateTime: start.toISOString() },
        end: { dateTime: end.toISOString() },
        // Sync Preferences' reminder (spec pages §9: 5, 10, 15, 30 or 60 minutes before).
        reminders: { useDefault: false, overrides: [{ method: 'popup', minutes: calendarSync.reminderOffset }] },
      })
      .catch((error: unknown) => {
        // Shared with us read-only, or no longer shared, since the last sync: the user's situation, not a failure.
        throw error instanceof GoogleApiError ? eventRefusal(error, calendar.summary) : error;
      }),
  );
  const stored = toStoredEvent(account.accountId, calendar.calendarId, created);
  if (!stored) throw new Error('Google returned an event without id or times');
  if (calendar.enabled) await replaceEvents(workspaceId, caller.userId, { put: [stored], remove: [] });
  return eventView(stored, calendar);
}

