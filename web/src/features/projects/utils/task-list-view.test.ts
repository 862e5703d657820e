import { describe, expect, it } from 'vitest';
import { aTask } from '@shared/testing/project-views';
import { groupTasks, sortTasks } from './task-list-view';

const tasks = [
  aTask({ id: 'a', title: 'A', priority: 'low', dueDate: '2026-12-03', createdAt: '2026-11-01T09:00:00.000Z', projectId: 'p2', status: 'todo', assignedTo: 'u-ben' }),
  aTask({ id: 'b', title: 'B', priority: 'high', dueDate: null, createdAt: '2026-11-03T09:00:00.000Z', projectId: 'p1', status: 'in_progress', assignedTo: null }),
  aTask({ id: 'c', title: 'C', priority: 'medium', dueDate: '2026-12-01', createdAt: '2026-11-02T09:00:00.000Z', projectId: 'p1', status: 'todo', assignedTo: 'u-ana' }),
];
const ids = (list: readonly { id: string }[]) => list.map((task) => task.id);
const names = {
  project: (id: string) => ({ p1: 'Apollo', p2: 'Zephyr' })[id],
  projectOrder: ['p1', 'p2'],
  member: (id: string) => ({ 'u-ana': 'Ana', 'u-ben': 'Ben' })[id],
};

describe('the /tasks list order and groups', () => {
  it.each([
    ['tab', ['a', 'b', 'c']],
    ['due', ['c', 'a', 'b']],
    ['priority', ['b', 'c', 'a']],
    ['created', ['b', 'c', 'a']],
  ] as const)('sorts by %s', (sort, expected) => expect(ids(sortTasks(tasks, sort))).toEqual(expected));

  it('groups by project in the projects’ order, by status in the board’s order, by assignee by name with Unassigned last', () => {
    expect(groupTasks(tasks, 'project', names).map((group) => [group.title, ids(group.tasks)])).toEqual([
      ['Apollo', ['b', 'c']],
      ['Zephyr', ['a']],
    ]);
    expect(groupTasks(tasks, 'status', names).map((group) => [group.title, ids(group.tasks)])).toEqual([
      ['To Do', ['a', 'c']],
      ['In Progress', ['b']],
    ]);
    expect(groupTasks(tasks, 'assignee', names).map((group) => group.title)).toEqual(['Ana', 'Ben', 'Unassigned']);
    expect(groupTasks(tasks, 'none', names)).toEqual([{ key: 'all', title: '', tasks }]);
  });
});
