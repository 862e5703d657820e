import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invitationsRoutes } from '@shared/routes/invitations';
import type { InvitableRole, InvitationView } from '@shared/schemas/member';
import { ApiError, callRoute } from '@/lib/api-client';
import { editCachedData } from '@/lib/cache-edit';
import { tryAgainIn } from '@/lib/retry-after';
import { putMember } from './members';
import { memberKeys } from './workspace-members';

export const FETCH_INVITATIONS_FAILED = 'Failed to load invitations';
export const REVOKE_INVITATION_FAILED = 'Failed to revoke invitation';
/** Spec core §8: the invite call failed without a message of its own. */
export const INVITE_FAILED = 'Failed to invite member';
/** Spec core §8: the invitation function answered an error without any text. */
export const SEND_INVITATION_FAILED = 'Failed to send invitation';
/** Spec core §9: the Invite Member dialog closes this long after a member was added. */
export const INVITE_SUCCESS_CLOSE_MS = 3000;

/** GET the pending invitations (owner and admin only). */
export const invitationsQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: memberKeys.invitations(workspaceId),
    queryFn: async ({ signal }) => (await callRoute(invitationsRoutes.ListInvitations, { params: { workspaceId }, signal })).invitations,
  });

export function useInvitations(workspaceId: string, enabled: boolean) {
  return useQuery({ ...invitationsQueryOptions(workspaceId), enabled });
}

/**
 * Sends the spec's invitation payload (core §7: e-mail, role, workspace name and id, the inviter's name).
 * An existing account is added and notified (it joins the members); otherwise an invitation is stored (it
 * joins the pending ones) and the result says `requiresSignup`.
 */
export function useSendInvitation(workspace: { id: string; name: string }, inviter: string) {
  const queryClient = useQueryClient();
  const workspaceId = workspace.id;
  return useMutation({
    mutationFn: ({ email, role }: { email: string; role: InvitableRole }) =>
      callRoute(invitationsRoutes.SendInvitation, {
        params: { workspaceId },
        body: { email, role, workspaceName: workspace.name, inviterName: inviter, workspaceId },
      }),
    onSuccess: ({ member, invitation }) => {
      if (member) putMember(queryClient, workspaceId, member);
      if (invitation) {
        editCachedData<InvitationView[]>(queryClient, memberKeys.invitations(workspaceId), (invitations) => [
          ...invitations.filter((candidate) => candidate.email !== invitation.email),
          invitation,
        ]);
      }
    },
  });
}

export function useRevokeInvitation(workspaceId: string) {
  const queryClient = useQueryClient();
  const key = memberKeys.invitations(workspaceId);
  return useMutation({
    mutationFn: (invitation: InvitationView) => callRoute(invitationsRoutes.RevokeInvitation, { params: { workspaceId, email: invitation.email } }),
    onSuccess: (_nothing, invitation) =>
      editCachedData<InvitationView[]>(queryClient, key, (invitations) => invitations.filter((candidate) => candidate.email !== invitation.email)),
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** The payload's inviterName (spec core §7): the display name, else the e-mail prefix, else 'Someone'. */
export function inviterName({ displayName, email }: { displayName?: string | null | undefined; email?: string | null | undefined }): string {
  return displayName?.trim() || email?.split('@')[0]?.trim() || 'Someone';
}

/**
 * Spec core §8: the call's error text, 'Failed to send invitation' for an error without text, else 'Failed
 * to invite member'. The invitation limit's 429 also says when to try again.
 */
export function inviteErrorMessage(error: unknown): string {
  if (error instanceof ApiError && !error.hasErrorText) return SEND_INVITATION_FAILED;
  if (error instanceof ApiError && error.status === 429 && error.retryAfterSeconds !== undefined) {
    return `${error.message} ${tryAgainIn(error.retryAfterSeconds)}`;
  }
  return error instanceof Error && error.message ? error.message : INVITE_FAILED;
}
