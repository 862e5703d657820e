import { useQuery } from '@tanstack/react-query';
import { routes } from '@shared/routes';
import type { TaskView } from '@shared/schemas/project';
import { callRoute } from '@/lib/api-client';
import { taskIndexKeys } from '@/lib/task-index';

export const FETCH_CALENDAR_FAILED = 'Failed to load the calendar';

/**
 * The open tasks due in [from, to] (the weeks on screen): one date-range question of the task index, read
 * page after page. Under the index's key, so any task write or push refreshes it.
 */
export function useMonthTasks(workspaceId: string, from: string, to: string) {
  return useQuery({
    queryKey: [...taskIndexKeys.all(workspaceId), 'calendar', from, to] as const,
    queryFn: async ({ signal }) => {
      const tasks: TaskView[] = [];
      let cursor: string | undefined;
      do {
        const page = await callRoute(routes.ListTasks, { params: { workspaceId }, query: { by: 'due', from, to, limit: 100, ...(cursor ? { cursor } : {}) }, signal });
        tasks.push(...page.tasks);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return tasks;
    },
  });
}
