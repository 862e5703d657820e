import { useQuery } from '@tanstack/react-query';
import { subtaskProgress } from '@shared/rules/subtasks';
import type { TaskView } from '@shared/schemas/project';
import { useCurrentWorkspace, workspaceIdForReads } from '@/lib/current-workspace';
import { projectItemsQueryOptions } from './get-project-items';

/**
 * A task among sub-tasks (issue 36), from its project's items: a sub-task's parent (the items are read for
 * it when not cached: a list names the parent) and a parent's progress (from the cache only: the board and
 * the task's page have the items; a list without them shows no progress rather than reading every project).
 */
export function useSubtaskContext(task: Pick<TaskView, 'id' | 'projectId' | 'parentId'>): { parent?: TaskView; progress?: { done: number; total: number } } {
  const workspaceId = workspaceIdForReads(useCurrentWorkspace());
  const { data } = useQuery({ ...projectItemsQueryOptions(workspaceId ?? '', task.projectId), enabled: workspaceId !== null && task.parentId !== undefined });
  const tasks = data?.tasks ?? [];
  const parent = task.parentId === undefined ? undefined : tasks.find((candidate) => candidate.id === task.parentId);
  const progress = subtaskProgress(tasks, task.id);
  return { ...(parent ? { parent } : {}), ...(progress ? { progress } : {}) };
}
