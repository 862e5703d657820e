import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestTable } from './member-fixtures.js';

/**
 * The assistant's undo records straight against the test stack's DynamoDB Local: what a reloaded
 * conversation learns of each (unused, undone, or expired but not yet removed by TTL, which is lazy).
 */
useTestTable();

type ChatRuns = typeof import('../../functions/data/chat-runs.js');

describe('undo records on DynamoDB Local', () => {
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
});
