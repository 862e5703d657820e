import { useQueries } from '@tanstack/react-query';
import type { WorkspaceView } from '@shared/schemas/workspace';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { projectsQueryOptions } from './get-projects';

/**
 * Which other workspace of the user holds the project (a link opened while another workspace, or none, is
 * current): their project lists are read only when `wanted`. `searching` while any of them is still loading.
 * A module of its own, loaded with the project page, so that useQueries stays out of the first load.
 */
export function useWorkspaceHoldingProject(projectId: string, wanted: boolean): { workspace: WorkspaceView | undefined; searching: boolean } {
  const { workspaces, currentWorkspace } = useCurrentWorkspace();
  const others = workspaces.filter((candidate) => candidate.id !== currentWorkspace?.id);
  const lists = useQueries({ queries: others.map((candidate) => ({ ...projectsQueryOptions(candidate.id), enabled: wanted })) });
  const index = lists.findIndex((list) => list.data?.some((project) => project.id === projectId));
  return { workspace: others[index], searching: wanted && index < 0 && lists.some((list) => list.isPending) };
}
