import { describe, expect, it } from 'vitest';
import { aTask } from '../../shared/testing/project-views.js';

process.env.TABLE_NAME = 'table';
const { childItem } = await import('../data/project-children.js');
const { commentItem } = await import('../data/comments.js');
const { decodeImages } = await import('../data/stream-changes.js');
const { mailNoticesOf } = await import('./mention-notices.js');

const noticesOf = (before: Record<string, unknown> | undefined, after: Record<string, unknown> | undefined) => {
  const change = decodeImages(before, after);
  return (change ? mailNoticesOf(change) : []).map(({ kind, recipientId, actorId }) => ({ kind, recipientId, actorId }));
};

const task = (fields: Parameters<typeof aTask>[0] = {}) => childItem('task', 'w1', aTask({ id: 't1', projectId: 'p1', createdBy: 'ana', ...fields }));
const edited = (fields: Parameters<typeof aTask>[0], by = 'ben') => ({ ...task({ version: 2, ...fields }), updatedBy: by });
const place = { workspaceId: 'w1', projectId: 'p1', taskId: 't1' };
const comment = (body: string, mentions: string[], authorId = 'ana') =>
  commentItem(place, { id: 'c1', taskId: 't1', authorId, body, mentions, createdAt: '2026-11-23T09:00:00Z', updatedAt: '2026-11-23T09:00:00Z', edited: false });

describe('who is told of a write by mail', () => {
  it('a new task: its assignee and the people its description mentions, never its author', () => {
    expect(noticesOf(undefined, task({ assignedTo: 'cy', description: 'For @[dee] and @[ana]' }))).toEqual([
      { kind: 'assigned', recipientId: 'cy', actorId: 'ana' },
      { kind: 'mentioned-in-task', recipientId: 'dee', actorId: 'ana' },
    ]);
    expect(noticesOf(undefined, task({ assignedTo: 'ana' }))).toEqual([]);
  });

  it('an edit: a new assignee and newly mentioned people only, by whoever wrote it; an unknown writer tells nobody', () => {
    const before = task({ assignedTo: 'cy', description: 'Ask @[dee]' });
    expect(noticesOf(before, edited({ assignedTo: 'eve', description: 'Ask @[dee] and @[fay]' }))).toEqual([
      { kind: 'assigned', recipientId: 'eve', actorId: 'ben' },
      { kind: 'mentioned-in-task', recipientId: 'fay', actorId: 'ben' },
    ]);
    expect(noticesOf(before, edited({ assignedTo: 'cy', description: 'Ask @[dee] again', title: 'Renamed' }))).toEqual([]);
    expect(noticesOf(before, edited({ assignedTo: 'ben' }))).toEqual([]);
    expect(noticesOf(before, edited({ assignedTo: null }))).toEqual([]);
    const { updatedBy: _unknown, ...unsigned } = edited({ assignedTo: 'eve' });
    expect(noticesOf(before, unsigned)).toEqual([]);
  });

  it('a task moved in, restored or deleted tells nobody', () => {
    expect(noticesOf(undefined, { ...edited({ assignedTo: 'cy' }), movedFrom: 'p0' })).toEqual([]);
    expect(noticesOf(undefined, edited({ assignedTo: 'cy', version: 3 }))).toEqual([]);
    expect(noticesOf(task({ assignedTo: 'cy' }), undefined)).toEqual([]);
  });

  it('a comment: the members it mentions but its author; an edit only those it adds', () => {
    expect(noticesOf(undefined, comment('@[cy] @[ana] look', ['cy', 'ana']))).toEqual([{ kind: 'mentioned-in-comment', recipientId: 'cy', actorId: 'ana' }]);
    expect(noticesOf(comment('@[cy]', ['cy']), comment('@[cy] and @[dee]', ['cy', 'dee']))).toEqual([
      { kind: 'mentioned-in-comment', recipientId: 'dee', actorId: 'ana' },
    ]);
    expect(noticesOf(comment('@[cy]', ['cy']), undefined)).toEqual([]);
  });

  it('a comment on a project itself: the members it mentions, the project named and no task', () => {
    const onProject = commentItem(
      { workspaceId: 'w1', projectId: 'p1' },
      { id: 'c2', authorId: 'ana', body: '@[cy] plan', mentions: ['cy'], createdAt: '2026-11-23T09:00:00Z', updatedAt: '2026-11-23T09:00:00Z', edited: false },
    );
    const change = decodeImages(undefined, onProject);
    expect(change ? mailNoticesOf(change) : []).toEqual([
      { kind: 'mentioned-in-comment', recipientId: 'cy', actorId: 'ana', workspaceId: 'w1', projectId: 'p1', taskId: null },
    ]);
  });
});
