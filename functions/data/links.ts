import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { linkView, type LinkView } from '../../shared/schemas/link.js';
import { documentClient, tableName } from './client.js';
import { keys, workspacePartition, workspaceSortKeyPrefixes } from './keys.js';
import { isCurrentVersion, putIfCurrent, queryAllItems, transactWriteOrRefusal, writtenUnlessRefused, type VersionedWriteOutcome } from './table-operations.js';

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

const linkItem = (link: LinkView) => ({ ...keys.link(link.workspaceId, link.id), entity: LINK_ENTITY, ...link });

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

/** Deletes the link; false when there was none. */
export async function deleteLink(workspaceId: string, linkId: string): Promise<boolean> {
  return writtenUnlessRefused(() =>
    documentClient.send(
      new DeleteCommand({
        TableName: tableName,
        Key: keys.link(workspaceId, linkId),
        ConditionExpression: '#entity = :entity',
        ExpressionAttributeNames: { '#entity': 'entity' },
        ExpressionAttributeValues: { ':entity': LINK_ENTITY },
      }),
    ),
  );
}
