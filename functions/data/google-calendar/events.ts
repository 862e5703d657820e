import * as z from 'zod/mini';
import { googleEventView } from '../../../shared/schemas/google-calendar.js';
import { googleSortKeyPrefixes, keyPart, keys } from '../keys.js';
import { batchDeleteKeys, batchPutItems } from '../table-operations.js';
import { queryPrefix, strip } from './partition.js';

/**
 * The synced copy of a calendar's event (`EVENT#<account>#<calendar>#<event>`): the API's view of it without
 * what its calendar gives (name, colour, linked project, read at listing), with Google's event id as `eventId`.
 */
const storedEvent = z.extend(z.omit(googleEventView, { id: true, calendarSummary: true, color: true, projectId: true }), {
  entity: z.literal('GoogleEvent'),
  eventId: z.string(),
});
export type StoredEvent = Omit<z.infer<typeof storedEvent>, 'entity'>;

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
