import { useQuery } from '@tanstack/react-query';
import { addDays } from '@shared/rules/calendar-date';
import type { TaskView } from '@shared/schemas/project';
import { newestOnce, readOpenTasks, readTaskPages } from '@/features/projects';
import { taskIndexKeys } from '@/features/projects';

export const FETCH_CALENDAR_FAILED = 'Failed to load the calendar';

/**
 * The tasks due in [from, to] (the weeks on screen), open ones first, then the completed ones. Each week is
 * asked on its own, open and completed tasks apart, all side by side: the index is read with cursors, page
 * after page, so one question for the whole range would be a chain of requests as long as the month is full;
 * a week rarely fills one page. (A task completed between two reads is shown once.) Under the index's key,
 * so any task write or push refreshes it.
 */
export function useMonthTasks(workspaceId: string, from: string, to: string) {
  return useQuery({
    queryKey: [...taskIndexKeys.all(workspaceId), 'calendar', from, to] as const,
    queryFn: async ({ signal }) => {
      const weeks = weeksOf(from, to);
      const answers = await Promise.all([
        ...weeks.map((week) => readTaskPages(workspaceId, { by: 'due', ...week }, { signal })),
        ...weeks.map((week) => readTaskPages(workspaceId, { by: 'due', state: 'completed', ...week }, { signal })),
      ]);
      // A task completed between the reads keeps its newest copy, placed with the completed ones.
      return newestOnce(answers.flat()).sort((a, b) => Number(a.completed) - Number(b.completed));
    },
  });
}

/** [from, to] cut into spans of at most 7 days, in order (exported for its unit test). */
export function weeksOf(from: string, to: string): { from: string; to: string }[] {
  const weeks: { from: string; to: string }[] = [];
  for (let start = from; start <= to; start = addDays(start, 7)) {
    const end = addDays(start, 6);
    weeks.push({ from: start, to: end < to ? end : to });
  }
  return weeks;
}

/** A repeating task's occurrence to come: not stored until the one before is completed (issue 36). */
export type ComingOccurrence = TaskView & { readonly coming: true };

/**
 * The coming occurrences of the workspace's open repeating tasks in [from, to], each on its day, as if every
 * occurrence before it were done on its due date. The rule module (with `rrule`) loads with this read only.
 */
export function useComingOccurrences(workspaceId: string, from: string, to: string) {
  return useQuery({
    queryKey: [...taskIndexKeys.all(workspaceId), 'calendar-coming', from, to] as const,
    queryFn: async ({ signal }): Promise<ComingOccurrence[]> => {
      const [{ comingDueDates }, open] = await Promise.all([import('@shared/rules/repeat'), readOpenTasks(workspaceId, signal)]);
      return open.flatMap((task) =>
        task.repeat && task.dueDate ? comingDueDates(task.repeat, task.dueDate, from, to).map((dueDate) => ({ ...task, dueDate, coming: true as const })) : [],
      );
    },
  });
}
