import { milestoneCompletion } from '@shared/rules/milestone-completion';
import { countersOf, negated } from '@shared/rules/project-counters';
import type { z } from 'zod';
import { milestonesRoutes } from '@shared/routes/milestones';
import type { createMilestoneInput, MilestoneView, updateMilestoneInput } from '@shared/schemas/project';
import { callRoute } from '@/lib/api-client';
import { adjustCounts, putItem, removeItem, undoAll } from './project-cache';
import { projectKeys } from './query-keys';
import { useProjectMutation } from './use-project-mutation';

export type CreateMilestoneValues = z.input<typeof createMilestoneInput>;
export type MilestoneEdit = Omit<z.input<typeof updateMilestoneInput>, 'version'>;

interface MilestoneTarget {
  readonly workspaceId: string;
  readonly milestone: MilestoneView;
}

const milestoneParams = ({ workspaceId, milestone }: MilestoneTarget) => ({ workspaceId, projectId: milestone.projectId, milestoneId: milestone.id });
const refreshProjects = ({ workspaceId }: MilestoneTarget) => projectKeys.all(workspaceId);

/** The milestone as it will be stored: the completed toggle stamps completedAt and clears it when undone. */
function editedMilestone(milestone: MilestoneView, edit: MilestoneEdit): MilestoneView {
  const now = new Date().toISOString();
  return { ...milestone, ...edit, ...milestoneCompletion(milestone, edit.completed, now), updatedAt: now, version: milestone.version + 1 };
}

export function useCreateMilestone(workspaceId: string, projectId: string) {
  return useProjectMutation({
    mutationFn: async (values: CreateMilestoneValues) =>
      (await callRoute(milestonesRoutes.CreateMilestone, { params: { workspaceId, projectId }, body: values })).milestone,
    settle: (queryClient, milestone) => {
      putItem(queryClient, workspaceId, 'milestones', milestone);
      adjustCounts(queryClient, workspaceId, projectId, countersOf('milestone', milestone));
    },
  });
}

/** Saves an edit (or the completed toggle) of the milestone as it was read. */
export function useUpdateMilestone() {
  return useProjectMutation({
    mutationFn: async ({ edit, ...target }: MilestoneTarget & { edit: MilestoneEdit }) =>
      (await callRoute(milestonesRoutes.UpdateMilestone, { params: milestoneParams(target), body: { ...edit, version: target.milestone.version } })).milestone,
    optimistic: (queryClient, { workspaceId, milestone, edit }) => putItem(queryClient, workspaceId, 'milestones', editedMilestone(milestone, edit)),
    settle: (queryClient, stored, { workspaceId }) => putItem(queryClient, workspaceId, 'milestones', stored),
    refresh: refreshProjects,
  });
}

export function useDeleteMilestone() {
  return useProjectMutation({
    mutationFn: (target: MilestoneTarget) => callRoute(milestonesRoutes.DeleteMilestone, { params: milestoneParams(target) }),
    optimistic: (queryClient, { workspaceId, milestone }) =>
      undoAll(
        removeItem(queryClient, workspaceId, milestone.projectId, 'milestones', milestone.id),
        adjustCounts(queryClient, workspaceId, milestone.projectId, negated(countersOf('milestone', milestone))),
      ),
    refresh: refreshProjects,
  });
}
