import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { TaskView } from '@shared/schemas/project';
import { putInTaskPages } from './task-index-cache';

const task = (id: string, version: number, status: TaskView['status'] = 'todo'): TaskView =>
  ({ id, version, status, title: id, projectId: 'p1', completed: status === 'completed' }) as TaskView;

type Pages = InfiniteData<{ tasks: TaskView[]; nextCursor: string | null }>;
const pages = (tasks: TaskView[]): Pages => ({ pages: [{ tasks, nextCursor: null }], pageParams: [null] });
const key = (status: string) => ['workspaces', 'w1', 'tasks', 'pages', { by: 'status', status }];

describe('putInTaskPages', () => {
  it('puts the stored task in every loaded page that holds it, and leaves newer copies and other workspaces alone', () => {
    // Prepare
    const client = new QueryClient();
    client.setQueryData(key('in_progress'), pages([task('a', 1, 'in_progress'), task('b', 5, 'in_progress')]));
    client.setQueryData(key('todo'), pages([task('c', 1)]));
    const otherWorkspace = ['workspaces', 'w2', 'tasks', 'pages', null];
    client.setQueryData(otherWorkspace, pages([task('a', 1, 'in_progress')]));

    // Act
    putInTaskPages(client, 'w1', task('a', 2, 'todo'));
    putInTaskPages(client, 'w1', task('b', 4, 'todo'));

    // Assess
    expect(client.getQueryData<Pages>(key('in_progress'))?.pages[0]?.tasks.map((t) => [t.id, t.version, t.status])).toEqual([
      ['a', 2, 'todo'],
      ['b', 5, 'in_progress'],
    ]);
    expect(client.getQueryData<Pages>(key('todo'))?.pages[0]?.tasks.map((t) => t.id)).toEqual(['c']);
    expect(client.getQueryData<Pages>(otherWorkspace)?.pages[0]?.tasks[0]?.version).toBe(1);
  });

  it('keeps a list this write marked stale stale, so it reloads when shown (Focus into the Today tab)', () => {
    const client = new QueryClient();
    const today = ['workspaces', 'w1', 'tasks', 'pages', { by: 'due', to: '2026-11-24' }];
    client.setQueryData(key('todo'), pages([task('a', 1)]));
    client.setQueryData(today, pages([task('c', 1)]));
    void client.invalidateQueries({ queryKey: ['workspaces', 'w1', 'tasks'], refetchType: 'none' });

    putInTaskPages(client, 'w1', task('a', 2));

    expect(client.getQueryData<Pages>(key('todo'))?.pages[0]?.tasks[0]?.version).toBe(2);
    expect(client.getQueryState(key('todo'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(today)?.isInvalidated).toBe(true);
  });
});
