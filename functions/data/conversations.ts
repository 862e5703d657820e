import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { chatMessageView, conversationView, type ChatMessageView, type ConversationView } from '../../shared/schemas/chat.js';
import { documentClient, tableName } from './client.js';
import { deleteMessagesOf } from './assistant-history.js';
import { chatPartition, chatSortKeyPrefixes, keys, messagesPartition } from './keys.js';
import { conditionFailure, queryAllItems, transactWriteOrRefusal, writtenUnlessRefused } from './table-operations.js';
import { epochSeconds } from './epoch-seconds.js';

/**
 * The assistant's conversations, per user and workspace (`CHAT#<ws>#<user>`), and their messages in a
 * partition per conversation, oldest first. A conversation is only ever read through its owner's partition,
 * so nobody reaches another user's conversation by its id.
 */
const CONVERSATION_ENTITY = 'Conversation';
const MESSAGE_ENTITY = 'ChatMessage';

const storedConversation = z.pipe(
  z.object({ ...conversationView.shape, entity: z.literal(CONVERSATION_ENTITY), userId: z.string() }),
  z.transform(({ entity: _entity, userId: _userId, ...conversation }): ConversationView => conversation),
);

const storedMessage = z.pipe(
  z.object({ ...chatMessageView.shape, entity: z.literal(MESSAGE_ENTITY), conversationId: z.string() }),
  z.transform(({ entity: _entity, conversationId: _conversationId, ...message }): ChatMessageView => message),
);

export async function listConversations(workspaceId: string, userId: string): Promise<ConversationView[]> {
  const items = await queryAllItems({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': chatPartition(workspaceId, userId), ':prefix': chatSortKeyPrefixes.conversation },
  });
  return items.map((item) => storedConversation.parse(item)).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

export async function getConversation(workspaceId: string, userId: string, conversationId: string): Promise<ConversationView | undefined> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: keys.conversation(workspaceId, userId, conversationId) }));
  return Item ? storedConversation.parse(Item) : undefined;
}

export async function putConversation(userId: string, conversation: ConversationView): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...keys.conversation(conversation.workspaceId, userId, conversation.id), entity: CONVERSATION_ENTITY, userId, ...conversation },
    }),
  );
}

/** Sets the title or touches `updatedAt`; undefined when there is no such conversation. */
export async function updateConversation(
  workspaceId: string,
  userId: string,
  conversationId: string,
  changes: { title?: string; updatedAt: string },
): Promise<ConversationView | undefined> {
  const names = Object.keys(changes).filter((name) => changes[name as keyof typeof changes] !== undefined);
  try {
    const { Attributes } = await documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.conversation(workspaceId, userId, conversationId),
        UpdateExpression: `SET ${names.map((name) => `#${name} = :${name}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: Object.fromEntries(names.map((name) => [`#${name}`, name])),
        ExpressionAttributeValues: Object.fromEntries(names.map((name) => [`:${name}`, changes[name as keyof typeof changes]])),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return storedConversation.parse(Attributes ?? {});
  } catch (error) {
    if (conditionFailure(error)) return undefined;
    throw error;
  }
}

/** A conversation of a user, as its key names it. */
export interface ConversationRef {
  readonly workspaceId: string;
  readonly userId: string;
  readonly id: string;
}

/**
 * One reply at a time per conversation (two tabs would otherwise run two replies over one history, each
 * repeating the other's changes): a reply's request holds the conversation until it is stored or stopped,
 * or until its lease runs out (a worker that died never lets go). 'missing' when there is no conversation.
 */
export async function claimReply(conversation: ConversationRef, requestId: string, leaseSeconds: number): Promise<'claimed' | 'busy' | 'missing'> {
  const now = epochSeconds();
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.conversation(conversation.workspaceId, conversation.userId, conversation.id),
        UpdateExpression: 'SET replyRequestId = :requestId, replyLeaseUntil = :until',
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(replyLeaseUntil) OR replyLeaseUntil <= :now)',
        ExpressionAttributeValues: { ':requestId': requestId, ':until': now + leaseSeconds, ':now': now },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return 'claimed';
  } catch (error) {
    const refusal = conditionFailure(error);
    if (refusal === 'exists') return 'busy';
    if (refusal === 'missing') return 'missing';
    throw error;
  }
}

/** Lets the conversation take its next reply; only the request holding it can (a stale Stop frees nothing). */
export async function releaseReply(conversation: ConversationRef, requestId: string): Promise<void> {
  await writtenUnlessRefused(() =>
    documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.conversation(conversation.workspaceId, conversation.userId, conversation.id),
        UpdateExpression: 'REMOVE replyRequestId, replyLeaseUntil',
        ConditionExpression: 'replyRequestId = :requestId',
        ExpressionAttributeValues: { ':requestId': requestId },
      }),
    ),
  );
}

/**
 * A stopped reply holds its conversation only a little longer: its worker stores what it has at its next step
 * and lets go, and a worker that died no longer blocks the conversation for minutes.
 */
export async function shortenReplyLease(conversation: ConversationRef, requestId: string, seconds: number): Promise<void> {
  await writtenUnlessRefused(() =>
    documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.conversation(conversation.workspaceId, conversation.userId, conversation.id),
        UpdateExpression: 'SET replyLeaseUntil = :until',
        ConditionExpression: 'replyRequestId = :requestId AND replyLeaseUntil > :until',
        ExpressionAttributeValues: { ':requestId': requestId, ':until': epochSeconds() + seconds },
      }),
    ),
  );
}

export async function listMessages(conversationId: string): Promise<ChatMessageView[]> {
  const items = await queryAllItems({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': messagesPartition(conversationId) },
  });
  return items.map((item) => storedMessage.parse(item));
}

/**
 * Adds a message to a conversation of the user, while the conversation exists: false when it was deleted
 * meanwhile (in another tab, or with the user's membership), so no message outlives it.
 */
export async function putMessage(conversation: ConversationRef, message: ChatMessageView): Promise<boolean> {
  const refused = await transactWriteOrRefusal([
    {
      write: { ConditionCheck: { TableName: tableName, Key: keys.conversation(conversation.workspaceId, conversation.userId, conversation.id), ConditionExpression: 'attribute_exists(PK)' } },
      refused: 'conversation-gone',
    },
    {
      write: {
        Put: {
          TableName: tableName,
          Item: { ...keys.chatMessage(conversation.id, message.createdAt, message.id), entity: MESSAGE_ENTITY, conversationId: conversation.id, ...message },
        },
      },
    },
  ]);
  return refused === undefined;
}

/** Deletes the conversation and its messages; false when there was none. */
export async function deleteConversation(workspaceId: string, userId: string, conversationId: string): Promise<boolean> {
  const deleted = await writtenUnlessRefused(() =>
    documentClient.send(
      new DeleteCommand({
        TableName: tableName,
        Key: keys.conversation(workspaceId, userId, conversationId),
        ConditionExpression: 'attribute_exists(PK)',
      }),
    ),
  );
  if (!deleted) return false;
  await deleteMessagesOf(conversationId);
  return true;
}
