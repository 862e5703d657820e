import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';

process.env.TABLE_NAME = 'table';
const { chunkBySize, newTrashBatchId, trashPuts, trashPurgeOf, TRASH_CHUNK_BYTES } = await import('./trash.js');
const { decodeChange, decodeImages } = await import('./stream-changes.js');
const { itemChange } = await import('./item-changes.js');

const entry = {
  id: 'batch-1',
  kind: 'task' as const,
  itemId: 't1',
  title: 'Big',
  projectId: 'p1',
  projectName: 'Apollo',
  deletedBy: 'u1',
  deletedAt: '2026-12-01T10:00:00.000Z',
};

describe('chunkBySize', () => {
  it('keeps runs within the limit, in order, an oversized item alone in its run', () => {
    const items = [{ text: 'a'.repeat(30) }, { text: 'b'.repeat(30) }, { text: 'c'.repeat(200) }, { text: 'd' }];
    const chunks = chunkBySize(items, 100);
    expect(chunks).toEqual([[items[0], items[1]], [items[2]], [items[3]]]);
    expect(chunks.flat()).toEqual(items);
    expect(chunkBySize([], 100)).toEqual([[]]);
  });
});

describe('trash entries', () => {
  it('puts small items in the entry alone, and big ones in parts under 400 KB each, each naming the tasks it holds', () => {
    expect(trashPuts('w1', entry, [{ id: 't1' }])).toHaveLength(1);
    const big = Array.from({ length: 51 }, (_, index) => ({ id: `t${index}`, entity: 'Task', description: 'x'.repeat(20_000) }));
    const puts = trashPuts('w1', entry, big);
    expect(puts.length).toBeGreaterThan(1);
    for (const put of puts) expect(Buffer.byteLength(JSON.stringify(put.Put?.Item))).toBeLessThan(TRASH_CHUNK_BYTES + 10_000);
    expect(puts[0]?.Put?.Item).toMatchObject({ PK: 'TRASH#w1', SK: 'ENTRY#batch-1', itemCount: 51, parts: puts.length - 1, expiresAt: Date.parse(entry.deletedAt) / 1000 + 30 * 86_400 });
    expect(puts.slice(1).map((put) => put.Put?.Item?.SK)).toEqual(puts.slice(1).map((_, index) => `PART#batch-1#${String(index + 1).padStart(3, '0')}`));
    // Each record names the tasks among its own items: together all of them, once.
    expect(puts.flatMap((put) => put.Put?.Item?.taskIds as string[])).toEqual(big.map(({ id }) => id));
    expect(trashPuts('w1', { ...entry, itemCount: 7 }, big)[0]?.Put?.Item).toMatchObject({ itemCount: 7 });
  });

  it('makes batch ids that sort by time, of one width', () => {
    const [earlier, later] = [newTrashBatchId(1_000), newTrashBatchId(2_000_000_000_000)];
    expect(earlier.length).toBe(later.length);
    expect(earlier < later).toBe(true);
  });
});

describe('trashPurgeOf', () => {
  const [head, part] = trashPuts('w1', entry, [
    { PK: 'PROJ#w1#p1', SK: 'TASK#t1', id: 't1', entity: 'Task', description: 'x'.repeat(TRASH_CHUNK_BYTES) },
    { PK: 'PROJ#w1#p1', SK: 'TASK#t2', id: 't2', entity: 'Task' },
    { PK: 'PROJ#w1#p1', SK: 'NOTE#n1', id: 'n1', entity: 'Note' },
  ]).map((put) => put.Put?.Item ?? {});
  const stored = head ?? {};
  const ttl = { type: 'Service', principalId: 'dynamodb.amazonaws.com' };
  const removal = (old: Record<string, unknown>, userIdentity?: unknown): DynamoDBRecord => ({
    eventID: 'e1',
    dynamodb: { OldImage: marshall(old, { removeUndefinedValues: true }) as NonNullable<DynamoDBRecord['dynamodb']>['OldImage'] },
    ...(userIdentity ? { userIdentity } : {}),
  });
  const purgeOf = (record: DynamoDBRecord) => {
    const change = decodeChange(record);
    return change ? trashPurgeOf(change) : undefined;
  };

  it("purges the tasks' comments when a marked entry is removed, or the TTL removes one (sparing those still where they lived)", () => {
    expect(purgeOf(removal({ ...stored, purging: true }))).toEqual({ workspaceId: 'w1', taskIds: ['t1'] });
    expect(purgeOf(removal(stored, ttl))).toEqual({ workspaceId: 'w1', taskIds: ['t1'], liveCheck: { taskKeys: [{ PK: 'PROJ#w1#p1', SK: 'TASK#t1' }] } });
  });

  it('purges the tasks a part holds on its own removal, marked or expired', () => {
    expect(purgeOf(removal({ ...part, purging: true }))).toEqual({ workspaceId: 'w1', taskIds: ['t2'] });
    // Its tasks only (not its notes) are looked up.
    expect(purgeOf(removal(part ?? {}, ttl))).toEqual({ workspaceId: 'w1', taskIds: ['t2'], liveCheck: { taskKeys: [{ PK: 'PROJ#w1#p1', SK: 'TASK#t2' }] } });
    expect(purgeOf(removal(part ?? {}))).toBeUndefined();
  });

  it('leaves them when the TTL removes an entry or part a Restore in batches marked (its tasks may be back)', () => {
    expect(purgeOf(removal({ ...stored, restoring: '2026-12-02T10:00:00.000Z' }, ttl))).toBeUndefined();
    expect(purgeOf(removal({ ...part, restoring: '2026-12-02T10:00:00.000Z' }, ttl))).toBeUndefined();
  });

  it("leaves them when a Restore removes the entry, and on the entry's creation", () => {
    expect(purgeOf(removal(stored))).toBeUndefined();
    expect(purgeOf({ eventID: 'e2', dynamodb: { NewImage: marshall(stored) as NonNullable<DynamoDBRecord['dynamodb']>['NewImage'] } })).toBeUndefined();
  });
});

describe('the push of a trash entry', () => {
  it('names the entry only (its items never travel), made or removed', () => {
    const stored = trashPuts('w1', entry, [{ id: 't1', title: 'Secret plan' }])[0]?.Put?.Item ?? {};
    const made = decodeImages(undefined, stored);
    expect(made && itemChange(made)).toEqual({ workspaceId: 'w1', change: { entity: 'trash', id: 'batch-1', projectId: 'p1' } });
    const removed = decodeImages(stored, undefined);
    expect(removed && itemChange(removed)).toEqual({ workspaceId: 'w1', change: { entity: 'trash', id: 'batch-1', projectId: 'p1', deleted: true } });
  });
});
