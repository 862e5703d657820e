import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestTable } from './member-fixtures.js';

/**
 * The assistant's records straight against the test stack's DynamoDB Local: what a reloaded conversation
 * learns of each undo (unused, undone, or expired but not yet removed by TTL, which is lazy), and messages
 * that arrive after their conversation was deleted.
 */
useTestTable();

type ChatRuns = typeof import('../../functions/data/chat-runs.js');

describe('assistant records on DynamoDB Local', () => {
  let runs: ChatRuns;
  const workspaceId = randomUUID();
  const userId = randomUUID();
  const record = { kind: 'task' as const, projectId: 'p', id: 't', versionAfter: 1, label: 'Created "A" in P' };

  beforeAll(async () => {
    runs = await import('../../functions/data/chat-runs.js');
  });

  it('tells unused, undone and expired tokens apart, and reads only the caller’s own', async () => {
    const [unused, undone, expired] = [randomUUID(), randomUUID(), randomUUID()];
    for (const token of [unused, undone, expired]) await runs.putUndo(workspaceId, userId, token, record);
    await runs.markUndone(workspaceId, userId, undone, 'Undone: Created "A" in P');
    const { documentClient, tableName } = await import('../../functions/data/client.js');
    const { keys } = await import('../../functions/data/keys.js');
    await documentClient.send(
      new UpdateCommand({ TableName: tableName, Key: keys.undo(workspaceId, userId, expired), UpdateExpression: 'SET expiresAt = :past', ExpressionAttributeValues: { ':past': 1 } }),
    );

    const states = await runs.getUndoStates(workspaceId, userId, [unused, undone, expired, unused, randomUUID()]);
    expect(Object.fromEntries(states)).toEqual({ [unused]: {}, [undone]: { undoneMessage: 'Undone: Created "A" in P' } });
    expect(await runs.getUndo(workspaceId, userId, expired)).toBeUndefined();
    expect(await runs.getUndo(workspaceId, userId, undone)).toEqual({ record, undoneMessage: 'Undone: Created "A" in P' });
    expect((await runs.getUndoStates(workspaceId, randomUUID(), [unused])).size).toBe(0);
  });

  it('never brings back a removed record as a half item when marking it undone', async () => {
    const gone = randomUUID();
    await runs.markUndone(workspaceId, userId, gone, 'Undone: x');
    expect(await runs.getUndo(workspaceId, userId, gone)).toBeUndefined();
    expect((await runs.getUndoStates(workspaceId, userId, [gone])).size).toBe(0);
  });

  it('stores no message in a conversation deleted meanwhile (a reply that finished after Delete in another tab)', async () => {
    const conversations = await import('../../functions/data/conversations.js');
    const now = new Date().toISOString();
    const conversation = { id: randomUUID(), workspaceId, title: 'Soon gone', projectId: null, createdAt: now, updatedAt: now };
    await conversations.putConversation(userId, conversation);
    const message = (content: string) => ({ id: randomUUID(), role: 'assistant' as const, content, toolCalls: [], createdAt: new Date().toISOString() });
    const owned = { workspaceId, userId, id: conversation.id };
    expect(await conversations.putMessage(owned, message('Kept while it exists'))).toBe(true);
    expect(await conversations.putMessage({ ...owned, userId: randomUUID() }, message('Not into another user’s'))).toBe(false);
    expect(await conversations.listMessages(conversation.id)).toHaveLength(1);

    expect(await conversations.deleteConversation(workspaceId, userId, conversation.id)).toBe(true);
    expect(await conversations.putMessage(owned, message('Too late'))).toBe(false);
    expect(await conversations.listMessages(conversation.id)).toEqual([]);
  });

  it('holds a conversation for one reply at a time: until its request lets go, or its lease runs out', async () => {
    const conversations = await import('../../functions/data/conversations.js');
    const now = new Date().toISOString();
    const conversation = { id: randomUUID(), workspaceId, title: 'One at a time', projectId: null, createdAt: now, updatedAt: now };
    await conversations.putConversation(userId, conversation);
    const owned = { workspaceId, userId, id: conversation.id };
    const [first, second, third] = [randomUUID(), randomUUID(), randomUUID()];

    expect(await conversations.claimReply(owned, first, 600)).toBe('claimed');
    expect(await conversations.claimReply(owned, second, 600)).toBe('busy');
    await conversations.releaseReply(owned, second);
    expect(await conversations.claimReply(owned, second, 600)).toBe('busy');
    await conversations.releaseReply(owned, first);
    expect(await conversations.claimReply(owned, second, 0)).toBe('claimed');
    // A lease that ran out (its worker died) no longer holds the conversation.
    expect(await conversations.claimReply(owned, third, 600)).toBe('claimed');
    expect(await conversations.getConversation(workspaceId, userId, conversation.id)).toEqual(conversation);

    expect(await conversations.claimReply({ ...owned, userId: randomUUID() }, randomUUID(), 600)).toBe('missing');
    expect(await conversations.claimReply({ ...owned, id: randomUUID() }, randomUUID(), 600)).toBe('missing');
  });
});
