import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { membersRoutes } from '@shared/routes/members';
import type { InvitableRole, MemberView } from '@shared/schemas/member';
import { callRoute } from '@/lib/api-client';
import { editCachedData } from '@/lib/cache-edit';
import { memberKeys, membersQueryOptions } from './workspace-members';

export const FETCH_MEMBERS_FAILED = 'Failed to load team members';
export const ADD_MEMBER_FAILED = 'Failed to add member';
export const UPDATE_ROLE_FAILED = 'Failed to update role';
export const REMOVE_MEMBER_FAILED = 'Failed to remove member';

export function useMembers(workspaceId: string) {
  return useQuery(membersQueryOptions(workspaceId));
}

/** Puts a member in the cached list (replacing the one with their id), keeping the list's order. */
export function putMember(queryClient: QueryClient, workspaceId: string, member: MemberView): void {
  editCachedData<MemberView[]>(queryClient, memberKeys.members(workspaceId), (members) =>
    members.some((candidate) => candidate.userId === member.userId)
      ? members.map((candidate) => (candidate.userId === member.userId ? member : candidate))
      : [...members, member],
  );
}

/** Adds an existing account (404 when nobody has the address); a pending invitation of theirs is used up. */
export function useAddMember(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { email: string; role: InvitableRole }) =>
      (await callRoute(membersRoutes.AddMember, { params: { workspaceId }, body: input })).member,
    onSuccess: (member) => {
      putMember(queryClient, workspaceId, member);
      void queryClient.invalidateQueries({ queryKey: memberKeys.invitations(workspaceId) });
    },
  });
}

/**
 * Sets a member's role (member ↔ admin; never the owner, never oneself), shown at once and taken back if
 * the server refuses; a refusal also reloads the list.
 */
export function useUpdateMemberRole(workspaceId: string) {
  const queryClient = useQueryClient();
  const key = memberKeys.members(workspaceId);
  return useMutation({
    mutationFn: async ({ member, role }: { member: MemberView; role: InvitableRole }) =>
      (await callRoute(membersRoutes.UpdateMemberRole, { params: { workspaceId, userId: member.userId }, body: { role } })).member,
    onMutate: ({ member, role }) => {
      putMember(queryClient, workspaceId, { ...member, role });
    },
    onError: (_error, { member }) => {
      putMember(queryClient, workspaceId, member);
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onSuccess: (stored) => putMember(queryClient, workspaceId, stored),
  });
}

/** Removes a member (never the owner). */
export function useRemoveMember(workspaceId: string) {
  const queryClient = useQueryClient();
  const key = memberKeys.members(workspaceId);
  return useMutation({
    mutationFn: (member: MemberView) => callRoute(membersRoutes.RemoveMember, { params: { workspaceId, userId: member.userId } }),
    onSuccess: (_nothing, member) =>
      editCachedData<MemberView[]>(queryClient, key, (members) => members.filter((candidate) => candidate.userId !== member.userId)),
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}
