import { useQuery } from '@tanstack/react-query';
import { newestOnce, readTaskPages } from '@/lib/task-index';
import { taskIndexKeys } from '@/lib/task-index-cache';

export const FETCH_CALENDAR_FAILED = 'Failed to load the calendar';

/**
 * The tasks due in [from, to] (the weeks on screen), open ones first, then the completed ones: two date-range
 * questions of the task index side by side, each read page after page (a task completed between the two
 * reads is shown once). Under the index's key, so any task
 * write or push refreshes it.
 */
export function useMonthTasks(workspaceId: string, from: string, to: string) {
  return useQuery({
    queryKey: [...taskIndexKeys.all(workspaceId), 'calendar', from, to] as const,
    queryFn: async ({ signal }) => {
      const [open, completed] = await Promise.all([
        readTaskPages(workspaceId, { by: 'due', from, to }, { signal }),
        readTaskPages(workspaceId, { by: 'due', state: 'completed', from, to }, { signal }),
      ]);
      // A task completed between the two reads keeps its newest copy, placed with the completed ones.
      return newestOnce([...open, ...completed]).sort((a, b) => Number(a.completed) - Number(b.completed));
    },
  });
}
