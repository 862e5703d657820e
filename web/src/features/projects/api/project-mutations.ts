import type { z } from 'zod';
import { projectsRoutes } from '@shared/routes/projects';
import type { createProjectInput, ProjectSummary, updateProjectInput } from '@shared/schemas/project';
import { callRoute } from '@/lib/api-client';
import { putProject, removeProject } from './project-cache';
import { projectKeys } from './query-keys';
import { useProjectMutation } from './use-project-mutation';

/** Error texts of spec core §8. */
export const CREATE_PROJECT_FAILED = 'Failed to create project';
export const UPDATE_PROJECT_FAILED = 'Failed to update project';
export const DELETE_PROJECT_FAILED = 'Failed to delete project';

export type CreateProjectValues = z.input<typeof createProjectInput>;
/** What the forms and actions edit, without the version (the mutation adds the one that was read). */
export type ProjectEdit = Omit<z.input<typeof updateProjectInput>, 'version'>;

export function useCreateProject(workspaceId: string) {
  return useProjectMutation({
    mutationFn: async (values: CreateProjectValues) => (await callRoute(projectsRoutes.CreateProject, { params: { workspaceId }, body: values })).project,
    settle: (queryClient, project) => putProject(queryClient, project),
  });
}

/** The summary as it will be stored after `edit` (shown until the server's answer replaces it). */
function edited(project: ProjectSummary, edit: ProjectEdit): ProjectSummary {
  const now = new Date().toISOString();
  const archiving = edit.archived === undefined ? {} : { archived: edit.archived, archivedAt: edit.archived ? (project.archivedAt ?? now) : null };
  return {
    ...project,
    ...edit,
    ...archiving,
    ...(edit.color ? { color: edit.color.toUpperCase() } : {}),
    ...(edit.preferredDays ? { preferredDays: [...edit.preferredDays] } : {}),
    updatedAt: now,
    version: project.version + 1,
  };
}

/**
 * PATCH with the version of the project as it was read (`project`): an edit made on an old copy is refused
 * with 409 rather than undoing someone else's change.
 */
export function useUpdateProject() {
  return useProjectMutation({
    mutationFn: async ({ project, edit }: { project: ProjectSummary; edit: ProjectEdit }) =>
      (
        await callRoute(projectsRoutes.UpdateProject, {
          params: { workspaceId: project.workspaceId, projectId: project.id },
          body: { ...edit, version: project.version },
        })
      ).project,
    optimistic: (queryClient, { project, edit }) => putProject(queryClient, edited(project, edit)),
    settle: (queryClient, stored) => putProject(queryClient, stored),
    refresh: ({ project }) => projectKeys.list(project.workspaceId),
  });
}

/** Deletes the project with everything it holds; the list drops it once the server has. */
export function useDeleteProject() {
  return useProjectMutation({
    mutationFn: (project: Pick<ProjectSummary, 'workspaceId' | 'id'>) =>
      callRoute(projectsRoutes.DeleteProject, { params: { workspaceId: project.workspaceId, projectId: project.id } }),
    settle: (queryClient, _nothing, project) => removeProject(queryClient, project.workspaceId, project.id),
  });
}
