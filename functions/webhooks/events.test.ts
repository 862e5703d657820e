import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { aProject, aTask } from '../../shared/testing/project-views.js';

process.env.TABLE_NAME = 'table';
const { childItem } = await import('../data/project-children.js');
const { membershipItem } = await import('../data/membership.js');
const { projectItem } = await import('../data/projects.js');
const { commentItem } = await import('../data/comments.js');
const { decodeImages } = await import('../data/stream-changes.js');
const { webhookEventsOf } = await import('./events.js');
const { MAX_BODY_BYTES, nextAttemptAfter, signatureOf, webhookMessage } = await import('./delivery.js');

const typesOf = (before: Record<string, unknown> | undefined, after: Record<string, unknown> | undefined) => {
  const change = decodeImages(before, after);
  return change ? webhookEventsOf(change).map((event) => event.type) : [];
};

const task = childItem('task', 'w1', aTask({ id: 't1', projectId: 'p1', title: 'Ship', version: 1 }));
const project = projectItem(aProject({ id: 'p1', workspaceId: 'w1', version: 1 }));
const member = (role: 'member' | 'owner') => membershipItem({ workspaceId: 'w1', userId: 'u1', role, email: 'u1@example.com', createdAt: '2026-11-23T11:00:00Z', noticeSeen: true });

describe('webhookEventsOf', () => {
  it('names task creation, update, completion and deletion', () => {
    expect(typesOf(undefined, task)).toEqual(['task.created']);
    expect(typesOf(task, { ...task, title: 'Ship it', version: 2 })).toEqual(['task.updated']);
    expect(typesOf(task, { ...task, completed: true, status: 'completed', version: 2 })).toEqual(['task.updated', 'task.completed']);
    expect(typesOf(task, undefined)).toEqual(['task.deleted']);
  });

  it('names no update for a comment, which moves only the task\'s comment count and version', () => {
    const commented = { ...task, commentCount: 1, version: 2 };
    expect(typesOf(task, commented)).toEqual([]);
    expect(typesOf(commented, { ...commented, commentCount: 0, version: 3, updatedAt: '2026-12-01T00:00:00.000Z' })).toEqual([]);
    expect(typesOf(task, { ...commented, title: 'Ship it' })).toEqual(['task.updated']);
  });

  const written = { authorId: 'u1', body: 'Looks good @[u2]', mentions: ['u2'], createdAt: '2026-12-01T10:00:00.000Z', updatedAt: '2026-12-01T10:00:00.000Z', edited: false };

  it('names a comment written, with its task and project; not its edit or deletion', () => {
    const comment = commentItem({ workspaceId: 'w1', projectId: 'p1', taskId: 't1' }, { id: 'c1', taskId: 't1', ...written });
    const change = decodeImages(undefined, comment);
    expect(change ? webhookEventsOf(change) : []).toEqual([{ type: 'comment.created', workspaceId: 'w1', data: { id: 'c1', taskId: 't1', projectId: 'p1', subject: 'task', ...written } }]);
    expect(typesOf(comment, { ...comment, body: 'Edited', edited: true })).toEqual([]);
    expect(typesOf(comment, undefined)).toEqual([]);
  });

  it("names a project's own comment written with the project as its subject and no task; not its edit or deletion", () => {
    const comment = commentItem({ workspaceId: 'w1', projectId: 'p1' }, { id: 'c2', ...written });
    const change = decodeImages(undefined, comment);
    expect(change ? webhookEventsOf(change) : []).toEqual([{ type: 'comment.created', workspaceId: 'w1', data: { id: 'c2', projectId: 'p1', subject: 'project', ...written } }]);
    expect(typesOf(comment, { ...comment, body: 'Edited', edited: true })).toEqual([]);
    expect(typesOf(comment, undefined)).toEqual([]);
  });

  it('names project events, but not a count that moved without a new version', () => {
    expect(typesOf(undefined, project)).toEqual(['project.created']);
    expect(typesOf(project, { ...project, name: 'Renamed', version: 2 })).toEqual(['project.updated']);
    expect(typesOf(project, { ...project, taskCount: 3, countsRevision: 1 })).toEqual([]);
    expect(typesOf(project, undefined)).toEqual(['project.deleted']);
  });

  it('names members joining and leaving, not the owner who made the workspace', () => {
    expect(typesOf(undefined, member('member'))).toEqual(['member.joined']);
    expect(typesOf(undefined, member('owner'))).toEqual([]);
    expect(typesOf(member('member'), undefined)).toEqual(['member.left']);
  });
});

describe('webhook messages', () => {
  it('signs "id.timestamp.body" with the secret decoded from base64', () => {
    const key = Buffer.alloc(24, 7);
    const secret = `whsec_${key.toString('base64')}`;
    const expected = createHmac('sha256', key).update('msg_1.1700000000.{"a":1}').digest('base64');
    expect(signatureOf(secret, 'msg_1', 1700000000, '{"a":1}')).toBe(`v1,${expected}`);
  });

  it('sends ids only when the whole item would pass 256 KB', () => {
    const at = new Date('2026-12-01T00:00:00Z');
    const small = JSON.parse(webhookMessage('m', 'task.created', 'w1', { id: 't1', title: 'Ship' }, at).body) as unknown;
    expect(small).toEqual({ type: 'task.created', timestamp: '2026-12-01T00:00:00.000Z', data: { workspaceId: 'w1', id: 't1', title: 'Ship' } });
    const large = webhookMessage('m', 'task.created', 'w1', { id: 't1', projectId: 'p1', description: 'x'.repeat(MAX_BODY_BYTES) }, at);
    expect(Buffer.byteLength(large.body)).toBeLessThan(MAX_BODY_BYTES);
    expect((JSON.parse(large.body) as { data: unknown }).data).toEqual({ workspaceId: 'w1', id: 't1', projectId: 'p1', trimmed: true });
  });

  it('backs off 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, then gives up', () => {
    const first = new Date('2026-12-01T00:00:00Z');
    let failedAt = first;
    const delays: number[] = [];
    for (let attempt = 1; ; attempt += 1) {
      const next = nextAttemptAfter(attempt, first, failedAt);
      if (!next) break;
      delays.push((next.getTime() - failedAt.getTime()) / 60_000);
      failedAt = next;
    }
    expect(delays).toEqual([1, 5, 30, 120, 360, 720]);
  });
});
