import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { linkView, type LinkView } from '../../shared/schemas/link.js';
import { documentClient, tableName } from './client.js';
import { keys, workspacePartition, workspaceSortKeyPrefixes } from './keys.js';
import { isCurrentVersion, putIfCurrent, queryAllItems, transactWriteOrRefusal, type TransactItems, type VersionedWriteOutcome } from './table-operations.js';

/** Links: WS#<ws> / LINK#<id>, in the workspace partition, so they go with the workspace. */
export const LINK_ENTITY = 'Link';

export const storedLink = z.pipe(
  // A link is stored as the API shows it, with its entity beside it.
  z.extend(linkView, { entity: z.literal(LINK_ENTITY) }),
  z.transform(({ entity: _entity, ...link }): LinkView => link),
);

export function parseLink(item: Record<string, unknown>): LinkView {
  return storedLink.parse(item);
}

/** Every link of the workspace, newest first: one Query (paginated). */
export async function listLinks(workspaceId: string): Promise<LinkView[]> {
  const items = await queryAllItems({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': workspacePartition(workspaceId), ':prefix': workspaceSortKeyPrefixes.link },
  });
  return items.map(parseLink).sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
}

/** Stores a new link while its workspace exists (checked in the same transaction). */
export async function createLink(link: LinkView): Promise<'written' | 'no-workspace'> {
  const refused = await transactWriteOrRefusal([
    { write: { ConditionCheck: { TableName: tableName, Key: keys.workspace(link.workspaceId), ConditionExpression: 'attribute_exists(PK)' } }, refused: 'no-workspace' },
    { write: { Put: { TableName: tableName, Item: linkItem(link), ConditionExpression: 'attribute_not_exists(PK)' } } },
  ]);
  return refused ?? 'written';
}

export async function getLink(workspaceId: string, linkId: string): Promise<LinkView | undefined> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: keys.link(workspaceId, linkId) }));
  return Item ? parseLink(Item) : undefined;
}

/** Replaces the link if it is still at `expectedVersion`. */
export function replaceLink(next: LinkView, expectedVersion: number): Promise<VersionedWriteOutcome> {
  return putIfCurrent(linkItem(next), isCurrentVersion(LINK_ENTITY, expectedVersion));
}

/** The link as stored (what its trash entry keeps). */
export const linkItem = (link: LinkView) => ({ ...keys.link(link.workspaceId, link.id), entity: LINK_ENTITY, ...link });

/** Deletes the link if it is still at the version read, with `trash` (its trash entry's puts) in the same transaction. */
export async function deleteLink(current: LinkView, trash: TransactItems): Promise<VersionedWriteOutcome> {
  const refused = await transactWriteOrRefusal<'missing' | 'stale'>([
    {
      write: { Delete: { TableName: tableName, Key: keys.link(current.workspaceId, current.id), ...isCurrentVersion(LINK_ENTITY, current.version), ReturnValuesOnConditionCheckFailure: 'ALL_OLD' } },
      refused: (failure) => (failure === 'exists' ? 'stale' : 'missing'),
    },
    ...trash.map((write) => ({ write })),
  ]);
  return refused ?? 'written';
}

/** A deleted link put back where its id is free, while its workspace exists, with `trash` (its entry's removal): false when refused. */
export async function restoreLink(link: LinkView, trash: TransactItems): Promise<boolean> {
  const refused = await transactWriteOrRefusal<'refused'>([
    { write: { ConditionCheck: { TableName: tableName, Key: keys.workspace(link.workspaceId), ConditionExpression: 'attribute_exists(PK)' } }, refused: 'refused' },
    { write: { Put: { TableName: tableName, Item: linkItem(link), ConditionExpression: 'attribute_not_exists(PK)' } }, refused: 'refused' },
    ...trash.map((write) => ({ write, refused: 'refused' as const })),
  ]);
  return refused === undefined;
}
