import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { documentClient, tableName } from './client.js';
import { UNDO_LIFETIME_SECONDS } from './chat-runs.js';
import { epochSeconds } from './epoch-seconds.js';
import { AGENT_CHANGE, keys } from './keys.js';

/**
 * The writes outside AI agents made as a user through the MCP server, newest first in the user's
 * partition, each kept as long as its undo (the assistant's undo item, chat-runs.ts) can be used.
 */
const storedAgentChange = z.object({
  entity: z.literal('AgentChange'),
  workspaceId: z.string(),
  token: z.string(),
  tool: z.string(),
  label: z.string(),
  agentName: z.string(),
  madeAt: z.string(),
  expiresAt: z.number(),
});
export type StoredAgentChange = Omit<z.infer<typeof storedAgentChange>, 'entity' | 'expiresAt'>;

export async function putAgentChange(userId: string, change: StoredAgentChange): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...keys.agentChange(userId, change.madeAt, change.token), entity: 'AgentChange', ...change, expiresAt: epochSeconds(change.madeAt) + UNDO_LIFETIME_SECONDS },
    }),
  );
}

/** The user's latest `limit` agent changes, newest first; expired ones (TTL deletes lazily) left out. */
export async function latestAgentChanges(userId: string, limit: number): Promise<StoredAgentChange[]> {
  const { PK } = keys.agentChange(userId, '', '');
  const page = await documentClient.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': PK, ':prefix': AGENT_CHANGE },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  const now = epochSeconds();
  return (page.Items ?? []).flatMap((item) => {
    const { entity: _entity, expiresAt, ...change } = storedAgentChange.parse(item);
    return expiresAt > now ? [change] : [];
  });
}
