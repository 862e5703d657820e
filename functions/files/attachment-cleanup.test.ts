import { describe, expect, it } from 'vitest';

process.env.TABLE_NAME = 'table';
const { decodeImages } = await import('../data/stream-changes.js');
const { removedObjectKeys } = await import('./attachment-cleanup.js');

const item = (id: string) => ({
  PK: 'ATTACHMENT#w1',
  SK: `t1#${id}`,
  entity: 'Attachment',
  workspaceId: 'w1',
  projectId: 'p1',
  taskId: 't1',
  id,
  objectKey: `workspaces/w1/tasks/t1/${id}`,
  status: 'ready',
});

describe('the attachment cleanup', () => {
  it('deletes the object of each removed attachment item, once, and nothing for writes or other items', () => {
    const changes = [
      decodeImages(item('a1'), undefined),
      decodeImages(item('a1'), undefined),
      decodeImages(undefined, item('a2')),
      decodeImages({ ...item('a3'), status: 'pending' }, item('a3')),
      decodeImages({ PK: 'COMMENT#w1', SK: 't1#c1', entity: 'Comment', workspaceId: 'w1', taskId: 't1', id: 'c1' }, undefined),
      // A corrupt item still names its object.
      decodeImages({ ...item('a4'), status: 42 }, undefined),
    ];
    expect(removedObjectKeys(changes)).toEqual(['workspaces/w1/tasks/t1/a1', 'workspaces/w1/tasks/t1/a4']);
  });
});
