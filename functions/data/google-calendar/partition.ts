import { googlePartition, googleSortKeyPrefixes } from '../keys.js';
import { batchDeleteKeys, queryAllItems } from '../table-operations.js';

/**
 * A user's Google Calendar connection in one workspace, all in the partition GCAL#<ws>#<user>, one module
 * per stored entity: the accounts (`accounts.ts`, each with its refresh token sealed, never in clear), their
 * calendars with the user's settings and sync tokens (`calendars.ts`), the synced copies of the events
 * (`events.ts`), and the due dates written to calendars as events (`deadlines.ts`). Pending authorizations
 * (one-use states, `oauth-states.ts`) live under their own key with a TTL. This module reads the partition
 * by sort key prefix for the entity modules, and deletes what spans them.
 */

/** The item without its entity tag: what the entity modules answer. */
export const strip = <T extends { entity: string }>({ entity: _entity, ...rest }: T): Omit<T, 'entity'> => rest;

export function queryPrefix(workspaceId: string, userId: string, prefix: string): Promise<Record<string, unknown>[]> {
  return queryAllItems({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': googlePartition(workspaceId, userId), ':prefix': prefix },
  });
}

/** What a sync copied for one account: its calendars, their events and deadline records (not the account). */
export async function deleteAccountCopies(workspaceId: string, userId: string, accountId: string): Promise<void> {
  const prefixes = [googleSortKeyPrefixes.calendar, googleSortKeyPrefixes.event, googleSortKeyPrefixes.deadline].map((prefix) => `${prefix}${accountId}#`);
  const items = (await Promise.all(prefixes.map((prefix) => queryPrefix(workspaceId, userId, prefix)))).flat();
  await batchDeleteKeys(items.map((item) => ({ PK: item.PK, SK: item.SK })));
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
