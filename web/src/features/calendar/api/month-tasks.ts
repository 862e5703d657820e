import { useQuery } from '@tanstack/react-query';
import { readTaskPages, taskIndexKeys } from '@/lib/task-index';

export const FETCH_CALENDAR_FAILED = 'Failed to load the calendar';

/**
 * The open tasks due in [from, to] (the weeks on screen): one date-range question of the task index, read
 * page after page. Under the index's key, so any task write or push refreshes it.
 */
export function useMonthTasks(workspaceId: string, from: string, to: string) {
  return useQuery({
    queryKey: [...taskIndexKeys.all(workspaceId), 'calendar', from, to] as const,
    queryFn: ({ signal }) => readTaskPages(workspaceId, { by: 'due', from, to }, { signal }),
  });
}
