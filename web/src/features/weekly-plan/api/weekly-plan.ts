import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addDays } from '@shared/rules/calendar-date';
import { weeklyPlanRoutes } from '@shared/routes/weekly-plan';
import type { SavedWeeklyPlan, WeeklyPlanView } from '@shared/schemas/weekly-plan';
import { ApiError, apiErrorMessage, callRoute } from '@/lib/api-client';
import { readTaskPages } from '@/features/projects';
import { taskIndexChanged, taskIndexKeys } from '@/features/projects';

/** Error texts of spec core §8. */
export const NO_AUTH_TOKEN = 'No authentication token available';
export const GENERATE_PLAN_FAILED = 'Failed to generate weekly plan';

/** A busy week is read to the end, up to this many pages of 100 (the card counts each day's tasks). */
const MAX_WEEK_PAGES = 10;

/**
 * The open tasks due up to today+6 (spec core §7 weekly plan load), the overdue ones included (the card shows
 * them on today, late), every page of the task index's answer.
 */
export function useWeekTasks(workspaceId: string | undefined, today: string) {
  const query = { by: 'due', to: addDays(today, 6) } as const;
  return useQuery({
    // Under the task index's key, so any task write refreshes it.
    queryKey: [...taskIndexKeys.all(workspaceId ?? ''), 'week', query],
    queryFn: async ({ signal }) => ({ tasks: await readTaskPages(workspaceId ?? '', query, { maxPages: MAX_WEEK_PAGES, signal }) }),
    enabled: Boolean(workspaceId),
  });
}

/** The last plan as saved (the team's, the user's own over it): where it put each task, and why. */
export const savedPlanKey = (workspaceId: string) => ['workspaces', workspaceId, 'weekly-plan'] as const;

export function useSavedWeeklyPlan(workspaceId: string) {
  return useQuery({
    queryKey: savedPlanKey(workspaceId),
    queryFn: async ({ signal }): Promise<SavedWeeklyPlan | null> => (await callRoute(weeklyPlanRoutes.GetWeeklyPlan, { params: { workspaceId }, signal })).weeklyPlan,
  });
}

/** What to show for a failed generation (spec core §8). */
export function generateErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return NO_AUTH_TOKEN;
  return apiErrorMessage(error, GENERATE_PLAN_FAILED);
}

/** POST the generation; the due dates it set reach every cached task list. */
export function useGenerateWeeklyPlan(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (focusProjects: readonly string[]): Promise<WeeklyPlanView> =>
      (
        await callRoute(weeklyPlanRoutes.GenerateWeeklyPlan, {
          params: { workspaceId },
          body: { workspaceId, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, ...(focusProjects.length > 0 ? { focusProjects: [...focusProjects] } : {}) },
        })
      ).weeklyPlan,
    onSuccess: () => {
      taskIndexChanged(queryClient, workspaceId);
      void queryClient.invalidateQueries({ queryKey: savedPlanKey(workspaceId) });
      void queryClient.invalidateQueries({ queryKey: ['workspaces', workspaceId, 'projects'] });
    },
  });
}
