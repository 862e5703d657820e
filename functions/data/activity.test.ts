import { describe, expect, it } from 'vitest';

process.env.TABLE_NAME = 'table';
const { activityOf } = await import('./activity.js');

const task = { entity: 'Task', workspaceId: 'w1', id: 't1', projectId: 'p1', title: 'Ship', completed: false, assignedTo: null, createdBy: 'ana', createdAt: '2026-11-23T09:00:00Z', updatedAt: '2026-11-23T09:00:00Z' };

describe('activityOf', () => {
  it('reads a new task as created by its author', () => {
    expect(activityOf(undefined, task, 'e1')).toEqual([
      { workspaceId: 'w1', id: 'e1-task_created', type: 'task_created', actorId: 'ana', subject: 'Ship', projectId: 'p1', itemId: 't1', targetUserId: null, at: '2026-11-23T09:00:00Z' },
    ]);
  });

  it('reads completion and assignment by whoever wrote them, once each', () => {
    const after = { ...task, completed: true, assignedTo: 'ben', updatedBy: 'cy', updatedAt: '2026-11-23T10:00:00Z' };
    expect(activityOf(task, after, 'e2').map((event) => [event.type, event.actorId, event.targetUserId, event.at])).toEqual([
      ['task_completed', 'cy', null, '2026-11-23T10:00:00Z'],
      ['task_assigned', 'cy', 'ben', '2026-11-23T10:00:00Z'],
    ]);
    // Another edit of a completed, assigned task is no event.
    expect(activityOf(after, { ...after, title: 'Ship it' }, 'e3')).toEqual([]);
  });

  it('reads completed milestones, new notes and members who joined; nothing else', () => {
    const milestone = { entity: 'Milestone', workspaceId: 'w1', id: 'm1', projectId: 'p1', title: 'Beta', completed: false, createdBy: 'ana' };
    expect(activityOf(milestone, { ...milestone, completed: true, updatedBy: 'ben' }, 'e4').map((event) => event.type)).toEqual(['milestone_completed']);
    expect(activityOf(undefined, milestone, 'e5')).toEqual([]);
    const note = { entity: 'Note', workspaceId: 'w1', id: 'n1', projectId: 'p1', title: 'Minutes', createdBy: 'ana', version: 1 };
    expect(activityOf(undefined, note, 'e6').map((event) => event.type)).toEqual(['note_created']);
    // Moved to another project, a note is stored anew there (at its next version): not a new note.
    expect(activityOf(undefined, { ...note, projectId: 'p2', version: 2, updatedBy: 'ben' }, 'e11')).toEqual([]);
    expect(activityOf(undefined, { entity: 'Membership', workspaceId: 'w1', userId: 'dee', role: 'member', createdAt: '2026-11-23T11:00:00Z' }, 'e7')).toEqual([
      expect.objectContaining({ type: 'member_joined', actorId: 'dee', subject: '' }),
    ]);
    expect(activityOf(undefined, { entity: 'Membership', workspaceId: 'w1', userId: 'ana', role: 'owner' }, 'e10')).toEqual([]);
    expect(activityOf(task, undefined, 'e8')).toEqual([]);
    expect(activityOf(undefined, { entity: 'Profile', userId: 'x' }, 'e9')).toEqual([]);
  });
});
