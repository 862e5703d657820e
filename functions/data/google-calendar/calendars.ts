import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { CALENDAR_ACCESS_ROLES } from '../../../shared/schemas/google-calendar.js';
import { documentClient, tableName } from '../client.js';
import { googleSortKeyPrefixes, keys } from '../keys.js';
import { batchPutItems, writtenUnlessRefused } from '../table-operations.js';
import { queryPrefix, strip } from './partition.js';

/** A calendar of a connected account (`CALENDAR#<account>#<calendar>`): what Google says of it, the user's settings, the sync position. */
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
