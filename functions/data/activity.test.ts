import { describe, expect, it } from 'vitest';
import { aMilestone, aNote, aTask } from '../../shared/testing/project-views.js';

process.env.TABLE_NAME = 'table';
const { childItem } = await import('./project-children.js');
const { membershipItem } = await import('./membership.js');
const { decodeImages } = await import('./stream-changes.js');
const activity = await import('./activity.js');

const activityOf = (before: Record<string, unknown> | undefined, after: Record<string, unknown> | undefined, eventId: string) => {
  const change = decodeImages(before, after);
  return change ? activity.activityOf(change, eventId) : [];
};

const task = childItem('task', 'w1', aTask({ id: 't1', projectId: 'p1', title: 'Ship', createdBy: 'ana', createdAt: '2026-11-23T09:00:00Z', updatedAt: '2026-11-23T09:00:00Z' }));
const member = (userId: string, role: 'member' | 'owner') =>
  membershipItem({ workspaceId: 'w1', userId, role, email: `${userId}@example.com`, createdAt: '2026-11-23T11:00:00Z', noticeSeen: role === 'owner' });

describe('activityOf', () => {
  it('reads a new task as created by its author', () => {
    expect(activityOf(undefined, task, 'e1')).toEqual([
      { workspaceId: 'w1', id: 'e1-task_created', type: 'task_created', actorId: 'ana', subject: 'Ship', projectId: 'p1', itemId: 't1', targetUserId: null, at: '2026-11-23T09:00:00Z' },
    ]);
  });

  it('reads nothing from a task an import made, assigned or completed as it may be; its later changes are events', () => {
    const imported = { ...task, importId: 'imp-1', completed: true, status: 'completed', assignedTo: 'ben' };
    expect(activityOf(undefined, imported, 'e14')).toEqual([]);
    expect(activityOf(imported, { ...imported, completed: false, status: 'todo', assignedTo: 'cy', updatedBy: 'ana', version: 2 }, 'e15').map((event) => event.type)).toEqual(['task_assigned']);
  });

  it('reads completion and assignment by whoever wrote them, once each', () => {
    const after = { ...task, completed: true, assignedTo: 'ben', updatedBy: 'cy', updatedAt: '2026-11-23T10:00:00Z', version: 2 };
    expect(activityOf(task, after, 'e2').map((event) => [event.type, event.actorId, event.targetUserId, event.at])).toEqual([
      ['task_completed', 'cy', null, '2026-11-23T10:00:00Z'],
      ['task_assigned', 'cy', 'ben', '2026-11-23T10:00:00Z'],
    ]);
    // Another edit of a completed, assigned task is no event.
    expect(activityOf(after, { ...after, title: 'Ship it' }, 'e3')).toEqual([]);
  });

  it('reads completed milestones, new notes and members who joined; nothing else', () => {
    const milestone = childItem('milestone', 'w1', aMilestone({ id: 'm1', projectId: 'p1', title: 'Beta', createdBy: 'ana' }));
    expect(activityOf(milestone, { ...milestone, completed: true, updatedBy: 'ben' }, 'e4').map((event) => event.type)).toEqual(['milestone_completed']);
    expect(activityOf(undefined, milestone, 'e5')).toEqual([]);
    const note = childItem('note', 'w1', aNote({ id: 'n1', projectId: 'p1', title: 'Minutes', createdBy: 'ana', version: 1 }));
    expect(activityOf(undefined, note, 'e6').map((event) => event.type)).toEqual(['note_created']);
    // Moved to another project, a note is stored anew there (at its next version): not a new note.
    expect(activityOf(undefined, { ...note, projectId: 'p2', version: 2, updatedBy: 'ben' }, 'e11')).toEqual([]);
    expect(activityOf(undefined, member('dee', 'member'), 'e7')).toEqual([
      expect.objectContaining({ type: 'member_joined', actorId: 'dee', subject: '', at: '2026-11-23T11:00:00Z' }),
    ]);
    expect(activityOf(undefined, member('ana', 'owner'), 'e10')).toEqual([]);
    expect(activityOf(task, undefined, 'e8')).toEqual([]);
    expect(activityOf(undefined, { PK: 'USER#x', SK: 'PROFILE', entity: 'Profile', userId: 'x' }, 'e9')).toEqual([]);
  });

  it('takes nothing from an item that no longer reads, and reads an unreadable state before as open', () => {
    expect(activityOf(undefined, { ...task, title: 42 }, 'e12')).toEqual([]);
    const completed = { ...task, completed: true, updatedBy: 'cy', version: 2 };
    expect(activityOf({ ...task, priority: 'urgent' }, completed, 'e13').map((event) => event.type)).toEqual(['task_completed']);
  });
});
