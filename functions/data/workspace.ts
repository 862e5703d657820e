import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetItems } from './batch-get.js';
import { documentClient, tableName } from './client.js';
import { membershipItem, type Membership } from './membership.js';

export interface Workspace {
  id: string;
  name: string;
  slug: string;
  createdAt: string;
  createdBy: string;
}

const META = 'META';

export function workspaceKey(id: string): { PK: string; SK: string } {
  return { PK: `WS#${id}`, SK: META };
}

function toWorkspace(item: Record<string, unknown>): Workspace {
  return {
    id: String(item.id),
    name: String(item.name),
    slug: String(item.slug),
    createdAt: String(item.createdAt),
    createdBy: String(item.createdBy),
  };
}

/** The workspace and its owner's membership, written together or not at all. */
export async function createWorkspace(workspace: Workspace, owner: Membership): Promise<void> {
  await documentClient.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName,
            Item: { ...workspaceKey(workspace.id), entity: 'Workspace', ...workspace },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        {
          Put: {
            TableName: tableName,
            Item: membershipItem(owner),
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      ],
    }),
  );
}

export async function getWorkspace(id: string): Promise<Workspace | undefined> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: workspaceKey(id) }));
  return Item ? toWorkspace(Item) : undefined;
}

/** Loads many workspaces in ceil(n / 100) BatchGet calls. */
export async function getWorkspaces(ids: readonly string[]): Promise<Workspace[]> {
  return (await batchGetItems(ids.map(workspaceKey))).map(toWorkspace);
}
