import { chatPartition, chatSortKeyPrefixes, messagesPartition } from './keys.js';
import { batchDeleteKeys, queryAllItems } from './table-operations.js';

/**
 * Deleting what the assistant keeps, by key alone: a module apart from conversations.ts, whose chat schemas
 * would otherwise come into every function that removes members.
 */

export async function deleteMessagesOf(conversationId: string): Promise<void> {
  const messages = await queryAllItems({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': messagesPartition(conversationId) },
    ProjectionExpression: 'PK, SK',
  });
  await batchDeleteKeys(messages.map((item) => ({ PK: item.PK, SK: item.SK })));
}

/**
 * Everything the assistant keeps for one user in one workspace: their conversations with every message,
 * and the undo and other records of the same partition. For a member who leaves or is removed, and for
 * every member when the workspace is deleted (chats quote the workspace's tasks and notes).
 */
export async function deleteAssistantHistory(workspaceId: string, userId: string): Promise<void> {
  const items = await queryAllItems({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': chatPartition(workspaceId, userId) },
    ProjectionExpression: 'PK, SK',
  });
  const conversationIds = items.flatMap((item) => (String(item.SK).startsWith(chatSortKeyPrefixes.conversation) ? [String(item.SK).slice(chatSortKeyPrefixes.conversation.length)] : []));
  // The conversations first: a reply finishing meanwhile is then refused (putMessage checks its
  // conversation), and the sweep of their messages after it leaves none behind.
  await batchDeleteKeys(items.map((item) => ({ PK: item.PK, SK: item.SK })));
  for (const conversationId of conversationIds) await deleteMessagesOf(conversationId);
}
