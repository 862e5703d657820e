import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ProjectItems } from '@shared/schemas/project';
import { aMilestone, aNote, aProject, aTask } from '@shared/testing/project-views';
import { adjustCounts, cachedItems, cachedProjects, completionChange, putItem, putProject, removeItem, undoAll } from './project-cache';
import { projectKeys } from './query-keys';

function cacheWith(items: Partial<ProjectItems> = {}) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(projectKeys.list('w1'), [aProject({ id: 'p1', taskCount: 2, completedTaskCount: 1 }), aProject({ id: 'p2', name: 'Other' })]);
  queryClient.setQueryData(projectKeys.items('w1', 'p1'), { tasks: [], milestones: [], notes: [], ...items });
  return queryClient;
}

describe('the cached projects', () => {
  it('puts an item in the view order and takes the edit back to the item as it was', () => {
    const queryClient = cacheWith({ tasks: [aTask({ id: 'a', position: 1 }), aTask({ id: 'b', position: 3 })] });
    const undo = putItem(queryClient, 'w1', 'tasks', aTask({ id: 'b', position: 0, title: 'Moved', version: 2 }));
    expect(cachedItems(queryClient, 'w1', 'p1')?.tasks.map((task) => [task.id, task.title])).toEqual([
      ['b', 'Moved'],
      ['a', 'Task'],
    ]);
    undo();
    expect(cachedItems(queryClient, 'w1', 'p1')?.tasks.map((task) => [task.id, task.version])).toEqual([
      ['a', 1],
      ['b', 1],
    ]);
  });

  it('leaves a newer copy alone when taking an edit back', () => {
    const queryClient = cacheWith({ milestones: [aMilestone({ id: 'm', version: 1 })] });
    const undo = putItem(queryClient, 'w1', 'milestones', aMilestone({ id: 'm', version: 2, title: 'Optimistic' }));
    putItem(queryClient, 'w1', 'milestones', aMilestone({ id: 'm', version: 3, title: 'Newer' }));
    undo();
    expect(cachedItems(queryClient, 'w1', 'p1')?.milestones[0]).toMatchObject({ version: 3, title: 'Newer' });
  });

  it('removes an item and puts it back on undo; a new item is removed again on undo', () => {
    const queryClient = cacheWith({ notes: [aNote({ id: 'n' })] });
    const undoRemove = removeItem(queryClient, 'w1', 'p1', 'notes', 'n');
    expect(cachedItems(queryClient, 'w1', 'p1')?.notes).toEqual([]);
    undoRemove();
    expect(cachedItems(queryClient, 'w1', 'p1')?.notes.map((note) => note.id)).toEqual(['n']);
    const undoAdd = putItem(queryClient, 'w1', 'notes', aNote({ id: 'fresh' }));
    undoAdd();
    expect(cachedItems(queryClient, 'w1', 'p1')?.notes.map((note) => note.id)).toEqual(['n']);
  });

  it('moves counts without going below zero, and back', () => {
    const queryClient = cacheWith();
    const undo = undoAll(
      adjustCounts(queryClient, 'w1', 'p1', completionChange({ completed: false }, { completed: true })),
      adjustCounts(queryClient, 'w1', 'p2', { noteCount: -1 }),
    );
    expect(cachedProjects(queryClient, 'w1')?.find((project) => project.id === 'p1')).toMatchObject({ taskCount: 2, completedTaskCount: 2 });
    expect(cachedProjects(queryClient, 'w1')?.find((project) => project.id === 'p2')).toMatchObject({ noteCount: 0 });
    undo();
    expect(cachedProjects(queryClient, 'w1')?.find((project) => project.id === 'p1')).toMatchObject({ completedTaskCount: 1 });
  });

  it("keeps the list in the spec's order when a project changes", () => {
    const queryClient = cacheWith();
    putProject(queryClient, aProject({ id: 'p2', name: 'Other', isFavorite: true, version: 2 }));
    expect(cachedProjects(queryClient, 'w1')?.map((project) => project.id)).toEqual(['p2', 'p1']);
  });

  it('edits nothing of a project whose items are not loaded', () => {
    const queryClient = cacheWith();
    putItem(queryClient, 'w1', 'tasks', aTask({ id: 'x', projectId: 'p2' }));
    expect(cachedItems(queryClient, 'w1', 'p2')).toBeUndefined();
  });
});
