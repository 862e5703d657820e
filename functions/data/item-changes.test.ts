import { describe, expect, it } from 'vitest';
import { aProject, aTask } from '../../shared/testing/project-views.js';

process.env.TABLE_NAME = 'table';
const { childItem } = await import('./project-children.js');
const { projectItem } = await import('./projects.js');
const { membershipItem } = await import('./membership.js');
const { decodeImages } = await import('./stream-changes.js');
const items = await import('./item-changes.js');

const itemChange = (before: Record<string, unknown> | undefined, after: Record<string, unknown> | undefined) => {
  const change = decodeImages(before, after);
  return change && items.itemChange(change);
};

describe('itemChange', () => {
  it("carries a task's public view as the API answers it: no keys, index attributes or entity", () => {
    const task = aTask({ id: 't1', projectId: 'p1', version: 3 });
    const stored = { ...childItem('task', 'w1', task), updatedBy: 'u2' };
    expect(itemChange(undefined, stored)).toEqual({ workspaceId: 'w1', change: { entity: 'task', id: 't1', projectId: 'p1', version: 3, item: task } });
  });

  it("carries only the counts of a project whose counts alone a child's write moved (same version), the summary otherwise", () => {
    const before = projectItem(aProject({ id: 'p1', workspaceId: 'w1', version: 2, taskCount: 1, countsRevision: 4 }));
    const after = { ...before, taskCount: 2, countsRevision: 5 };
    expect(itemChange(before, after)?.change).toEqual({
      entity: 'project',
      id: 'p1',
      version: 2,
      counts: { taskCount: 2, completedTaskCount: 0, milestoneCount: 0, noteCount: 0, commentCount: 0, countsRevision: 5 },
    });
    const renamed = { ...after, name: 'Renamed', version: 3 };
    expect(itemChange(after, renamed)?.change).toMatchObject({ entity: 'project', version: 3, item: { name: 'Renamed', taskCount: 2 } });
  });

  it("names a comment by its ids and its task's, made or deleted, and never carries its body (issue 37)", () => {
    const comment = {
      PK: 'COMMENT#w1',
      SK: 't1#c1',
      entity: 'Comment',
      workspaceId: 'w1',
      projectId: 'p1',
      id: 'c1',
      taskId: 't1',
      authorId: 'u1',
      body: 'Secret plan',
      mentions: [],
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
      edited: false,
    };
    expect(itemChange(undefined, comment)).toEqual({ workspaceId: 'w1', change: { entity: 'comment', id: 'c1', projectId: 'p1', taskId: 't1' } });
    expect(itemChange(comment, undefined)).toEqual({ workspaceId: 'w1', change: { entity: 'comment', id: 'c1', projectId: 'p1', taskId: 't1', deleted: true } });
  });

  it('names a deletion by its ids only, and a membership by its user', () => {
    const task = childItem('task', 'w1', aTask({ id: 't1', projectId: 'p1' }));
    expect(itemChange(task, undefined)).toEqual({ workspaceId: 'w1', change: { entity: 'task', id: 't1', projectId: 'p1', deleted: true } });
    const membership = membershipItem({ workspaceId: 'w1', userId: 'u2', role: 'member', email: 'u2@example.com', createdAt: '2026-01-01T00:00:00Z', noticeSeen: false });
    expect(itemChange(undefined, membership)).toEqual({ workspaceId: 'w1', change: { entity: 'member', id: 'u2' }, memberUserId: 'u2' });
  });

  it('sends a change whose item no longer reads as its view by its ids, for the browser to read', () => {
    const broken = { ...childItem('task', 'w1', aTask({ id: 't1', projectId: 'p1', version: 2 })), title: 42 };
    expect(itemChange(undefined, broken)?.change).toEqual({ entity: 'task', id: 't1', projectId: 'p1', version: 2 });
  });

  it("tells a user's own conversation apart from the workspace's changes", () => {
    const conversation = { PK: 'CHAT#w1#u1', SK: 'CONV#c1', entity: 'Conversation', id: 'c1', workspaceId: 'w1', userId: 'u1', projectId: null };
    const change = decodeImages(conversation, undefined);
    expect(change && items.itemChange(change)).toBeUndefined();
    expect(change && items.conversationChange(change)).toEqual({ userId: 'u1', workspaceId: 'w1', id: 'c1', deleted: true });
  });
});
