import * as z from 'zod/mini';
import { googleSortKeyPrefixes, keyPart, keys } from '../keys.js';
import { batchDeleteKeys, batchPutItems } from '../table-operations.js';
import { queryPrefix, strip } from './partition.js';

/** A task's due date a sync wrote to a calendar as an event (`DEADLINE#<account>#<calendar>#<task>`): which event, with what date and title. */
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
