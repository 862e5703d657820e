import { queryOptions, useQuery } from '@tanstack/react-query';
import { membersRoutes } from '@shared/routes/members';
import { callRoute } from '@/lib/api-client';

/**
 * A workspace's members, for every feature that names people (the team settings, task assignees, the
 * dashboard's team cards): one cached list per workspace; other features read it through the members index.
 */
export const memberKeys = {
  members: (workspaceId: string) => ['workspaces', workspaceId, 'members'] as const,
  invitations: (workspaceId: string) => ['workspaces', workspaceId, 'invitations'] as const,
};

/** GET the workspace's members: owner first, then by joining date. */
export const membersQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: memberKeys.members(workspaceId),
    queryFn: async ({ signal }) => (await callRoute(membersRoutes.ListMembers, { params: { workspaceId }, signal })).members,
  });

/** The members of a workspace (nothing while there is none). */
export function useWorkspaceMembers(workspaceId: string | undefined) {
  return useQuery({ ...membersQueryOptions(workspaceId ?? ''), enabled: Boolean(workspaceId) });
}
