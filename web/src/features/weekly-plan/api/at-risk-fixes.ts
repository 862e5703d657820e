import { addDays } from '@shared/rules/calendar-date';
import { PLAN_DAYS } from '@shared/rules/weekly-planner';
import type { TaskView } from '@shared/schemas/project';
import { useToast } from '@/components/ui/toast';
import { useReportWriteFailure } from '@/hooks/use-report-write-failure';
import { useSplitTask, useUpdateTask } from '@/features/projects';

export const FIX_FAILED = 'Failed to change the task';

/** The one-click fixes of a task at risk (issue 31): task writes like any other, each confirmed in a toast (the row then goes). */
export interface AtRiskFixes {
  /** Due the day after this week and pinned there, so a new plan of this week leaves it out. */
  readonly onMoveToNextWeek: (task: TaskView) => void;
  readonly onReassign: (task: TaskView, userId: string) => void;
  /** Keeps the first half of the estimate; a second part, blocked by it, takes the rest. */
  readonly onSplit: (task: TaskView) => void;
}

export function useAtRiskFixes(workspaceId: string, today: string): AtRiskFixes {
  const updateTask = useUpdateTask();
  const splitTask = useSplitTask();
  const toast = useToast();
  const reportFailure = useReportWriteFailure();
  const edit = (task: TaskView, change: Parameters<typeof updateTask.mutate>[0]['edit'], done: string) =>
    updateTask.mutate({ workspaceId, task, edit: change }, { onSuccess: () => toast.success(done), onError: (error) => reportFailure(error, FIX_FAILED) });
  return {
    onMoveToNextWeek: (task) => edit(task, { dueDate: addDays(today, PLAN_DAYS), pinned: true }, `${task.title} moved to next week`),
    onReassign: (task, userId) => edit(task, { assignedTo: userId }, `${task.title} reassigned`),
    onSplit: (task) =>
      splitTask.mutate({ workspaceId, task }, { onSuccess: ({ part }) => toast.success(`${task.title} split: ${part.title} follows it`), onError: (error) => reportFailure(error, FIX_FAILED) }),
  };
}
