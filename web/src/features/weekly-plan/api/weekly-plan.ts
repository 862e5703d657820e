import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addDays } from '@shared/rules/calendar-date';
import { routes } from '@shared/routes';
import type { WeeklyPlanView } from '@shared/schemas/weekly-plan';
import { ApiError, apiErrorMessage, callRoute } from '@/lib/api-client';
import { taskIndexChanged, taskIndexQueryOptions } from '@/lib/task-index';

/** Error texts of spec core §8. */
export const NO_AUTH_TOKEN = 'No authentication token available';
export const GENERATE_PLAN_FAILED = 'Failed to generate weekly plan';

/** The open tasks due today..today+6 (spec core §7 weekly plan load): one task index Query. */
export function useWeekTasks(workspaceId: string | undefined, today: string) {
  return useQuery({
    ...taskIndexQueryOptions(workspaceId ?? '', { by: 'due', from: today, to: addDays(today, 6), limit: 100 }),
    enabled: Boolean(workspaceId),
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
        await callRoute(routes.GenerateWeeklyPlan, {
          params: { workspaceId },
          body: { workspaceId, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, ...(focusProjects.length > 0 ? { focusProjects: [...focusProjects] } : {}) },
        })
      ).weeklyPlan,
    onSuccess: () => {
      taskIndexChanged(queryClient, workspaceId);
      void queryClient.invalidateQueries({ queryKey: ['workspaces', workspaceId, 'projects'] });
    },
  });
}
