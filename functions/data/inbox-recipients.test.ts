import { describe, expect, it } from 'vitest';
import { mentionToken } from '../../shared/rules/mentions.js';
import type { CommentView } from '../../shared/schemas/comment.js';
import { aProject, aTask } from '../../shared/testing/project-views.js';
import { commentNotices, dueNotice, membershipNotices, taskNotices } from './inbox-recipients.js';

const who = (drafts: ReturnType<typeof taskNotices>) => drafts.map((draft) => `${draft.kind}:${draft.recipientId}`);

const aComment = (overrides: Partial<CommentView> = {}): CommentView => ({
  id: 'c1',
  taskId: 'task-1',
  authorId: 'carol',
  body: 'Looks good',
  mentions: [],
  createdAt: '2026-12-07T10:00:00.000Z',
  updatedAt: '2026-12-07T10:00:00.000Z',
  edited: false,
  ...overrides,
});

describe('who the inbox tells of a task write', () => {
  it('tells a new assignee, not the actor assigning themselves, and nobody when the assignee stays', () => {
    const before = aTask({ assignedTo: null });
    expect(who(taskNotices('ws', 'olga', before, { ...before, assignedTo: 'mia', version: 2 }))).toEqual(['assigned:mia']);
    expect(who(taskNotices('ws', 'olga', before, { ...before, assignedTo: 'olga', version: 2 }))).toEqual([]);
    const assigned = aTask({ assignedTo: 'mia' });
    expect(who(taskNotices('ws', 'olga', assigned, { ...assigned, title: 'Renamed', version: 2 }))).toEqual([]);
  });

  it('tells the members a description newly mentions, once each, and not the actor', () => {
    const before = aTask({ description: `ask ${mentionToken('mia')}` });
    const after = { ...before, description: `ask ${mentionToken('mia')} and ${mentionToken('ben')} ${mentionToken('ben')} ${mentionToken('olga')}`, version: 2 };
    expect(who(taskNotices('ws', 'olga', before, after))).toEqual(['mentioned:ben']);
  });

  it('tells someone both assigned and mentioned by a new task once, as the assignee', () => {
    const made = aTask({ assignedTo: 'mia', description: mentionToken('mia'), createdBy: 'olga' });
    const drafts = taskNotices('ws', 'olga', undefined, made);
    expect(who(drafts)).toEqual(['assigned:mia']);
    expect(drafts[0]).toMatchObject({ workspaceId: 'ws', projectId: made.projectId, taskId: made.id, actorId: 'olga', text: made.title, source: `task:${made.id}:${made.version}` });
  });
});

describe('who the inbox tells of a comment', () => {
  const task = aTask({ id: 'task-1', assignedTo: 'mia', createdBy: 'olga' });

  it('tells the task’s assignee and creator, not the commenter', () => {
    expect(who(commentNotices('ws', aComment({ authorId: 'carol' }), { task }))).toEqual(['commented:mia', 'commented:olga']);
    expect(who(commentNotices('ws', aComment({ authorId: 'mia' }), { task }))).toEqual(['commented:olga']);
  });

  it('tells the mentioned as mentioned, even when they also own the task, and never the author mentioning themselves', () => {
    expect(who(commentNotices('ws', aComment({ authorId: 'carol', mentions: ['olga', 'ben', 'carol'] }), { task }))).toEqual([
      'mentioned:olga',
      'mentioned:ben',
      'commented:mia',
    ]);
  });

  it('tells of an edit only the members it newly mentions, at the time of the edit', () => {
    const before = aComment({ mentions: ['ben'] });
    const edited = aComment({ mentions: ['ben', 'olga', 'carol'], updatedAt: '2026-12-07T11:00:00.000Z', edited: true });
    const drafts = commentNotices('ws', edited, { task }, before);
    expect(who(drafts)).toEqual(['mentioned:olga']);
    expect(drafts[0]?.createdAt).toBe('2026-12-07T11:00:00.000Z');
  });

  it('names the same source for the same comment, so a redelivery is the same notice', () => {
    const [first] = commentNotices('ws', aComment(), { task });
    const [again] = commentNotices('ws', aComment(), { task });
    expect(first).toEqual(again);
    expect(first?.source).toBe('comment:c1');
  });

  it('tells of a comment on a project only the members it mentions, naming the project and no task', () => {
    const project = aProject({ id: 'p9', name: 'Launch', createdBy: 'olga' });
    const { taskId: _onTask, ...onProject } = aComment({ authorId: 'carol', mentions: ['ben', 'carol'] });
    const drafts = commentNotices('ws', onProject, { project });
    expect(who(drafts)).toEqual(['mentioned:ben']);
    expect(drafts[0]).toMatchObject({ projectId: 'p9', taskId: null, text: 'Launch', source: 'comment:c1' });
  });
});

describe('who the inbox tells of a membership and a due date', () => {
  const membership = { workspaceId: 'ws', userId: 'mia', addedBy: 'olga', noticeSeen: false, createdAt: '2026-12-07T10:00:00.000Z' };

  it('tells someone added by another person, not someone who joined themselves or has seen it', () => {
    expect(who(membershipNotices(membership, 'Acme'))).toEqual(['added:mia']);
    expect(membershipNotices(membership, 'Acme')[0]?.text).toBe('Acme');
    expect(membershipNotices({ ...membership, addedBy: undefined }, 'Acme')).toEqual([]);
    expect(membershipNotices({ ...membership, noticeSeen: true }, 'Acme')).toEqual([]);
    expect(membershipNotices({ ...membership, addedBy: 'mia' }, 'Acme')).toEqual([]);
  });

  it('makes one source per task and date', () => {
    const task = { workspaceId: 'ws', projectId: 'p', taskId: 't', title: 'Ship' };
    expect(dueNotice('mia', task, '2026-12-08', '2026-12-07T07:00:00.000Z')).toMatchObject({ kind: 'due', actorId: null, source: 'due:t:2026-12-08' });
  });

  it('cuts a long title to 200 characters', () => {
    const long = aTask({ title: 'x'.repeat(500), assignedTo: 'mia' });
    expect(taskNotices('ws', 'olga', undefined, long)[0]?.text).toHaveLength(200);
  });
});
