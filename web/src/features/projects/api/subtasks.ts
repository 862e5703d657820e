import { useQueries, useQuery } from '@tanstack/react-query';
import { subtaskProgress } from '@shared/rules/subtasks';
import type { TaskView } from '@shared/schemas/project';
import { useCurrentWorkspace, workspaceIdForReads } from '@/lib/current-workspace';
import { projectItemsQueryOptions } from './get-project-items';

/**
 * A task among sub-tasks (issue 36), from its project's items: a sub-task's parent (the items are read for
 * it when not cached: a list names the parent) and a parent's progress (from the cache only: the board and
 * the task's page have the items, /tasks reads its tasks' projects with `useProjectsOfParents`; elsewhere a
 * parent without them shows no progress rather than every list reading every project).
 */
export function useSubtaskContext(task: Pick<TaskView, 'id' | 'projectId' | 'parentId'>): { parent?: TaskView; progress?: { done: number; total: number } } {
  const workspaceId = workspaceIdForReads(useCurrentWorkspace());
  const { data } = useQuery({ ...projectItemsQueryOptions(workspaceId ?? '', task.projectId), enabled: workspaceId !== null && task.parentId !== undefined });
  const tasks = data?.tasks ?? [];
  const parent = task.parentId === undefined ? undefined : tasks.find((candidate) => candidate.id === task.parentId);
  const progress = subtaskProgress(tasks, task.id);
  return { ...(parent ? { parent } : {}), ...(progress ? { progress } : {}) };
}

/**
 * A parent's progress (3/5) counts its done sub-tasks too, which no list of open tasks holds: a list that
 * shows tasks of its own (/tasks) reads the items of their projects, once each (cached for 5 minutes and
 * refreshed by pushes, as the board's are), so that `useSubtaskContext` finds every parent's sub-tasks.
 */
export function useProjectsOfParents(workspaceId: string, tasks: readonly Pick<TaskView, 'projectId' | 'parentId'>[]): void {
  const projectIds = [...new Set(tasks.filter((task) => task.parentId === undefined).map((task) => task.projectId))].sort();
  useQueries({ queries: projectIds.map((projectId) => projectItemsQueryOptions(workspaceId, projectId)) });
}
