import { useQuery } from '@tanstack/react-query';
import type { TaskView } from '@shared/schemas/project';
import { useCurrentWorkspace, workspaceIdForReads } from '@/lib/current-workspace';
import { taskIndexKeys } from './task-index-cache';
import { readTaskPages } from './task-index';

/** Pages of 100 read per column: 2,000 open tasks each, far more than any board shows. */
const MAX_PAGES_PER_COLUMN = 20;

/** The workspace's open tasks (To Do and In Progress), from the task index. */
export async function readOpenTasks(workspaceId: string, signal: AbortSignal): Promise<TaskView[]> {
  const columns = await Promise.all(
    (['todo', 'in_progress'] as const).map((status) => readTaskPages(workspaceId, { by: 'status', status }, { maxPages: MAX_PAGES_PER_COLUMN, signal })),
  );
  return columns.flat();
}

/**
 * The workspace's open tasks (To Do and In Progress) by id, from the task index: what tells a task with
 * blockers whether it is Blocked (issue 31), and what a blocker is picked from. Read only when `enabled`
 * (a task on screen has blockers, or the picker is open); every task write marks it stale like the other
 * index reads (task-index-cache).
 */
export function useOpenTasks(enabled: boolean) {
  const workspaceId = workspaceIdForReads(useCurrentWorkspace());
  return useQuery({
    queryKey: [...taskIndexKeys.all(workspaceId ?? ''), 'open'],
    queryFn: async ({ signal }): Promise<ReadonlyMap<string, TaskView>> => new Map((await readOpenTasks(workspaceId ?? '', signal)).map((task) => [task.id, task])),
    enabled: enabled && workspaceId !== null,
  });
}

/** The open tasks that block `task` (none while the open tasks are unknown). */
export function useOpenBlockers(task: Pick<TaskView, 'blockedBy'>): TaskView[] {
  const refs = task.blockedBy ?? [];
  const { data: open } = useOpenTasks(refs.length > 0);
  return refs.flatMap((ref) => {
    const blocker = open?.get(ref.taskId);
    return blocker ? [blocker] : [];
  });
}
