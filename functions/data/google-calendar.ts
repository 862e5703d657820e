import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { CALENDAR_ACCESS_ROLES } from '../../shared/schemas/google-calendar.js';
import { documentClient, tableName } from './client.js';
import { emailLookup, googlePartition, googleSortKeyPrefixes, indexes, keyPart, keys } from './keys.js';
import {
  batchDeleteKeys,
  batchPutItems,
  conditionFailure,
  membershipCheck,
  queryAllItems,
  queryIndexByPrefix,
  transactWriteOrRefusal,
  writtenUnlessRefused,
} from './table-operations.js';

/**
 * A user's Google Calendar connection in one workspace, all in the partition GCAL#<ws>#<user>: the
 * accounts (each with its refresh token sealed, never in clear), their calendars with the user's settings
 * and sync tokens, the synced copies of the events, and the due dates written to calendars as events.
 * Pending authorizations (one-use states) live under their own key with a TTL.
 */

const sealedSecret = z.object({ encryptedKey: z.string(), iv: z.string(), tag: z.string(), ciphertext: z.string() });

const storedAccount = z.object({
  entity: z.literal('GoogleAccount'),
  accountId: z.string(),
  workspaceId: z.string(),
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  picture: z.string(),
  refreshToken: sealedSecret,
  needsReconnect: z.boolean(),
  connectedAt: z.string(),
});
export type StoredAccount = Omit<z.infer<typeof storedAccount>, 'entity'>;

const storedCalendar = z.object({
  entity: z.literal('GoogleCalendar'),
  accountId: z.string(),
  calendarId: z.string(),
  summary: z.string(),
  description: z.string(),
  primary: z.boolean(),
  backgroundColor: z.string(),
  /** Google's, written at every sync; calendars stored before it was kept count as writable until then. */
  accessRole: z._default(z.enum(CALENDAR_ACCESS_ROLES), 'writer'),
  enabled: z.boolean(),
  projectId: z.nullable(z.string()),
  syncToken: z.nullable(z.string()),
  /**
   * Where the full read the sync token carries on from ended (its timeMax): Google's changes since then stay
   * within that window, so a sync reads the calendar in full again once the window has to reach further.
   */
  syncWindowEnd: z._default(z.nullable(z.string()), null),
  /** What the last sync of the calendar could not do (Google refused its due dates, or its events), for the user. */
  syncError: z._default(z.nullable(z.string()), null),
});
export type StoredCalendar = Omit<z.infer<typeof storedCalendar>, 'entity'>;

const storedEvent = z.object({
  entity: z.literal('GoogleEvent'),
  accountId: z.string(),
  calendarId: z.string(),
  eventId: z.string(),
  summary: z.string(),
  description: z.string(),
  allDay: z.boolean(),
  start: z.string(),
  end: z.string(),
  htmlLink: z.string(),
  taskId: z.nullable(z.string()),
});
export type StoredEvent = Omit<z.infer<typeof storedEvent>, 'entity'>;

const storedDeadline = z.object({
  entity: z.literal('DeadlineEvent'),
  accountId: z.string(),
  calendarId: z.string(),
  taskId: z.string(),
  eventId: z.string(),
  dueDate: z.string(),
  title: z.string(),
});
export type StoredDeadline = Omit<z.infer<typeof storedDeadline>, 'entity'>;

/**
 * `expiresAt` is in epoch seconds: the table's TTL attribute, so DynamoDB also sweeps states never used.
 * `codeVerifier`: the PKCE secret of the authorization the state belongs to.
 */
const storedState = z.object({ userId: z.string(), workspaceId: z.string(), codeVerifier: z.string(), expiresAt: z.number() });
export type OAuthState = z.infer<typeof storedState>;

const strip = <T extends { entity: string }>({ entity: _entity, ...rest }: T): Omit<T, 'entity'> => rest;

function queryPrefix(workspaceId: string, userId: string, prefix: string): Promise<Record<string, unknown>[]> {
  return queryAllItems({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': googlePartition(workspaceId, userId), ':prefix': prefix },
  });
}

export async function listAccounts(workspaceId: string, userId: string): Promise<StoredAccount[]> {
  return (await queryPrefix(workspaceId, userId, googleSortKeyPrefixes.account)).map((item) => strip(storedAccount.parse(item)));
}

export async function getAccount(workspaceId: string, userId: string, accountId: string): Promise<StoredAccount | undefined> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: keys.googleAccount(workspaceId, userId, accountId) }));
  return Item ? strip(storedAccount.parse(Item)) : undefined;
}

/** The index attributes that find every connection of one Google account (`connectionsOfGoogleAccount`). */
export const googleAccountLookup = (account: Pick<StoredAccount, 'accountId' | 'workspaceId' | 'userId'>) => ({
  [indexes.emailLookup.partitionKey]: emailLookup.googleAccountPartition(account.accountId),
  [indexes.emailLookup.sortKey]: emailLookup.googleConnectionSortKey(account.workspaceId, account.userId),
});

const accountItem = (account: StoredAccount) => ({
  ...keys.googleAccount(account.workspaceId, account.userId, account.accountId),
  ...googleAccountLookup(account),
  entity: 'GoogleAccount',
  ...account,
});

/**
 * Where a Google account is connected in this app: by every user, in every workspace. Google revokes a grant
 * for the account and the app as a whole, so one connection's removal must not revoke while another remains.
 */
export async function connectionsOfGoogleAccount(accountId: string): Promise<{ workspaceId: string; userId: string }[]> {
  const items = await queryIndexByPrefix(indexes.emailLookup, emailLookup.googleAccountPartition(accountId), emailLookup.googleConnectionPrefix);
  return items.map((item) => {
    const { workspaceId, userId } = storedAccount.parse(item);
    return { workspaceId, userId };
  });
}

/**
 * Stores a connected (or reconnected) account only while its user is still a member of the workspace, in
 * one transaction: a removal that lands while Google exchanges the code must not leave an ex-member's grant
 * behind (the removal deletes what it finds after dropping the membership; this refuses what comes later).
 */
export async function storeConnectedAccount(account: StoredAccount): Promise<'written' | 'not-member'> {
  const refused = await transactWriteOrRefusal([
    { write: membershipCheck(account.workspaceId, account.userId), refused: 'not-member' },
    { write: { Put: { TableName: tableName, Item: accountItem(account) } } },
  ]);
  return refused ?? 'written';
}

/**
 * Sets or clears the account's reconnect mark, only if the account is still stored with the grant the caller
 * used: a disconnect or a removal meanwhile is not undone, nor a reconnection (a new grant) marked stale.
 */
export async function markReconnect(account: StoredAccount, needsReconnect: boolean): Promise<'written' | 'missing'> {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.googleAccount(account.workspaceId, account.userId, account.accountId),
        UpdateExpression: 'SET needsReconnect = :mark',
        ConditionExpression: 'refreshToken.ciphertext = :grant',
        ExpressionAttributeValues: { ':mark': needsReconnect, ':grant': account.refreshToken.ciphertext },
      }),
    );
    return 'written';
  } catch (error) {
    if (conditionFailure(error)) return 'missing';
    throw error;
  }
}

/** The account's calendars (all of the user's accounts when `accountId` is left out). */
export async function listCalendars(workspaceId: string, userId: string, accountId?: string): Promise<StoredCalendar[]> {
  const prefix = `${googleSortKeyPrefixes.calendar}${accountId ? `${accountId}#` : ''}`;
  return (await queryPrefix(workspaceId, userId, prefix)).map((item) => strip(storedCalendar.parse(item)));
}

export function putCalendars(workspaceId: string, userId: string, calendars: readonly StoredCalendar[]): Promise<void> {
  return batchPutItems(
    calendars.map((calendar) => ({ ...keys.googleCalendar(workspaceId, userId, calendar.accountId, calendar.calendarId), entity: 'GoogleCalendar', ...calendar })),
  );
}

/**
 * Google's calendar list into the stored calendars: what Google says of each (name, colour, primary, the
 * account's access role) is written, and the user's settings (enabled, project link) and the sync token
 * only where the calendar is new, so a sync never writes back settings saved while it ran.
 */
export async function mergeListedCalendars(workspaceId: string, userId: string, calendars: readonly StoredCalendar[]): Promise<void> {
  await Promise.all(
    calendars.map((calendar) =>
      documentClient.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.googleCalendar(workspaceId, userId, calendar.accountId, calendar.calendarId),
          UpdateExpression:
            'SET entity = :entity, accountId = :accountId, calendarId = :calendarId, summary = :summary, description = :description, #primary = :primary, ' +
            'backgroundColor = :color, accessRole = :accessRole, enabled = if_not_exists(enabled, :enabled), projectId = if_not_exists(projectId, :projectId), syncToken = if_not_exists(syncToken, :syncToken)',
          ExpressionAttributeNames: { '#primary': 'primary' },
          ExpressionAttributeValues: {
            ':entity': 'GoogleCalendar',
            ':accountId': calendar.accountId,
            ':calendarId': calendar.calendarId,
            ':summary': calendar.summary,
            ':description': calendar.description,
            ':primary': calendar.primary,
            ':color': calendar.backgroundColor,
            ':accessRole': calendar.accessRole,
            ':enabled': calendar.enabled,
            ':projectId': calendar.projectId,
            ':syncToken': calendar.syncToken,
          },
        }),
      ),
    ),
  );
}

/** Where a calendar's events were read up to: Google's sync token and the end of the window it covers. */
export interface SyncPosition {
  readonly syncToken: string;
  readonly syncWindowEnd: string | null;
}

/**
 * Stores where a calendar's events were read up to (null: nowhere, read it afresh next time). With
 * `whileEnabled` (a sync), only if the calendar is still enabled and still has the token the sync started
 * from: false if it was disabled or removed meanwhile (the caller then drops the copies it wrote), or
 * another sync or a disable moved the token on. Without it (clearing the token of a disabled calendar),
 * whatever the settings.
 */
export async function saveSyncToken(
  workspaceId: string,
  userId: string,
  calendar: Pick<StoredCalendar, 'accountId' | 'calendarId' | 'syncToken'>,
  position: SyncPosition | null,
  whileEnabled: boolean,
): Promise<boolean> {
  const sameToken = calendar.syncToken === null ? '(attribute_not_exists(syncToken) OR attribute_type(syncToken, :null))' : 'syncToken = :read';
  return writtenUnlessRefused(() =>
    documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.googleCalendar(workspaceId, userId, calendar.accountId, calendar.calendarId),
        UpdateExpression: 'SET syncToken = :syncToken, syncWindowEnd = :syncWindowEnd',
        ConditionExpression: whileEnabled ? `enabled = :true AND ${sameToken}` : 'attribute_exists(PK)',
        ExpressionAttributeValues: {
          ':syncToken': position?.syncToken ?? null,
          ':syncWindowEnd': position?.syncWindowEnd ?? null,
          ...(whileEnabled ? { ':true': true, ...(calendar.syncToken === null ? { ':null': 'NULL' } : { ':read': calendar.syncToken }) } : {}),
        },
      }),
    ),
  );
}

/** Records what the calendar's last sync could not do (null: it all went through), if the calendar is still stored. */
export async function saveSyncError(workspaceId: string, userId: string, calendar: Pick<StoredCalendar, 'accountId' | 'calendarId'>, syncError: string | null): Promise<void> {
  await writtenUnlessRefused(() =>
    documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.googleCalendar(workspaceId, userId, calendar.accountId, calendar.calendarId),
        UpdateExpression: 'SET syncError = :syncError',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':syncError': syncError },
      }),
    ),
  );
}

export async function deleteCalendar(workspaceId: string, userId: string, accountId: string, calendarId: string): Promise<void> {
  await documentClient.send(new DeleteCommand({ TableName: tableName, Key: keys.googleCalendar(workspaceId, userId, accountId, calendarId) }));
}

/** Synced events of every calendar of the user in the workspace (of one account or calendar when given). */
export async function listEvents(workspaceId: string, userId: string, scope?: { accountId: string; calendarId?: string }): Promise<StoredEvent[]> {
  const prefix = `${googleSortKeyPrefixes.event}${scope ? `${scope.accountId}#${scope.calendarId === undefined ? '' : `${keyPart(scope.calendarId)}#`}` : ''}`;
  return (await queryPrefix(workspaceId, userId, prefix)).map((item) => strip(storedEvent.parse(item)));
}

const eventItem = (workspaceId: string, userId: string, event: StoredEvent) => ({
  ...keys.googleEvent(workspaceId, userId, event.accountId, event.calendarId, event.eventId),
  entity: 'GoogleEvent',
  ...event,
});

/** Stores events and removes others (those Google reported cancelled, or all of a calendar read again). */
export async function replaceEvents(
  workspaceId: string,
  userId: string,
  changes: { put: readonly StoredEvent[]; remove: readonly { accountId: string; calendarId: string; eventId: string }[] },
): Promise<void> {
  await batchDeleteKeys(changes.remove.map(({ accountId, calendarId, eventId }) => keys.googleEvent(workspaceId, userId, accountId, calendarId, eventId)));
  await batchPutItems(changes.put.map((event) => eventItem(workspaceId, userId, event)));
}

export async function listDeadlines(workspaceId: string, userId: string, accountId: string, calendarId: string): Promise<StoredDeadline[]> {
  const items = await queryPrefix(workspaceId, userId, `${googleSortKeyPrefixes.deadline}${accountId}#${keyPart(calendarId)}#`);
  return items.map((item) => strip(storedDeadline.parse(item)));
}

export function putDeadlines(workspaceId: string, userId: string, deadlines: readonly StoredDeadline[]): Promise<void> {
  return batchPutItems(
    deadlines.map((deadline) => ({
      ...keys.deadlineEvent(workspaceId, userId, deadline.accountId, deadline.calendarId, deadline.taskId),
      entity: 'DeadlineEvent',
      ...deadline,
    })),
  );
}

export function deleteDeadlines(workspaceId: string, userId: string, deadlines: readonly StoredDeadline[]): Promise<void> {
  return batchDeleteKeys(deadlines.map((deadline) => keys.deadlineEvent(workspaceId, userId, deadline.accountId, deadline.calendarId, deadline.taskId)));
}

/** What a sync copied for one account: its calendars, their events and deadline records (not the account). */
export async function deleteAccountCopies(workspaceId: string, userId: string, accountId: string): Promise<void> {
  const prefixes = [googleSortKeyPrefixes.calendar, googleSortKeyPrefixes.event, googleSortKeyPrefixes.deadline].map((prefix) => `${prefix}${accountId}#`);
  const items = (await Promise.all(prefixes.map((prefix) => queryPrefix(workspaceId, userId, prefix)))).flat();
  await batchDeleteKeys(items.map((item) => ({ PK: item.PK, SK: item.SK })));
}

/** Everything stored for one account: the account, its calendars, their events and deadline records. */
export async function deleteAccountData(workspaceId: string, userId: string, accountId: string): Promise<void> {
  await deleteAccountCopies(workspaceId, userId, accountId);
  await documentClient.send(new DeleteCommand({ TableName: tableName, Key: keys.googleAccount(workspaceId, userId, accountId) }));
}

/** Everything a user connected in a workspace (the workspace is being deleted). */
export async function deleteGoogleConnection(workspaceId: string, userId: string): Promise<void> {
  const items = await queryAllItems({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': googlePartition(workspaceId, userId) },
    ProjectionExpression: 'PK, SK',
  });
  await batchDeleteKeys(items);
}

export async function putOAuthState(state: string, pending: OAuthState): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...keys.oauthState(state), entity: 'OAuthState', ...pending },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

/**
 * Deletes the state and returns what it was bound to: a second use finds nothing. A state stored before it
 * kept a PKCE verifier (at most 10 minutes old at the upgrade) counts as unknown: the user connects again.
 */
export async function takeOAuthState(state: string): Promise<OAuthState | undefined> {
  const { Attributes } = await documentClient.send(new DeleteCommand({ TableName: tableName, Key: keys.oauthState(state), ReturnValues: 'ALL_OLD' }));
  return Attributes ? storedState.safeParse(Attributes).data : undefined;
}
