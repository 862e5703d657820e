import {
  invitationResultResponse,
  listInvitationsResponse,
  sendInvitationInput,
  type InvitationResult,
  type InvitationView,
  type SendInvitationInput,
} from '../../../../../shared/schemas/member';
import { ApiError, apiRequest } from '../../../lib/api-client';

export const FETCH_INVITATIONS_FAILED = 'Failed to load invitations';
export const REVOKE_INVITATION_FAILED = 'Failed to revoke invitation';
/** Spec core §8: the invite call failed without a message of its own. */
export const INVITE_FAILED = 'Failed to invite member';
/** Spec core §8: the invitation function answered an error without any text. */
export const SEND_INVITATION_FAILED = 'Failed to send invitation';
/** Spec core §9: the Invite Member dialog closes this long after a member was added. */
export const INVITE_SUCCESS_CLOSE_MS = 3000;

const invitationsPath = (workspaceId: string) => `/workspaces/${encodeURIComponent(workspaceId)}/invitations`;

/** GET /workspaces/{id}/invitations: the pending ones (owner and admin only). */
export async function getInvitations(workspaceId: string, signal?: AbortSignal): Promise<InvitationView[]> {
  const { invitations } = await apiRequest(invitationsPath(workspaceId), { schema: listInvitationsResponse, ...(signal ? { signal } : {}) });
  return invitations;
}

/**
 * POST /workspaces/{id}/invitations with the spec's payload (core §7). An existing account is added and
 * notified; otherwise an invitation is stored and the result says `requiresSignup`.
 */
export async function sendInvitation(input: SendInvitationInput & { workspaceId: string }): Promise<InvitationResult> {
  return apiRequest(invitationsPath(input.workspaceId), { method: 'POST', body: sendInvitationInput.parse(input), schema: invitationResultResponse });
}

/** DELETE /workspaces/{id}/invitations/{email}. */
export async function revokeInvitation(workspaceId: string, email: string): Promise<void> {
  await apiRequest(`${invitationsPath(workspaceId)}/${encodeURIComponent(email)}`, { method: 'DELETE' });
}

/** The payload's inviterName (spec core §7): the display name, else the e-mail prefix, else 'Someone'. */
export function inviterName({ displayName, email }: { displayName?: string | null | undefined; email?: string | null | undefined }): string {
  return displayName?.trim() || email?.split('@')[0]?.trim() || 'Someone';
}

/** Spec core §8: the call's error text, 'Failed to send invitation' for an error without text, else 'Failed to invite member'. */
export function inviteErrorMessage(error: unknown): string {
  if (error instanceof ApiError && !error.hasErrorText) return SEND_INVITATION_FAILED;
  return error instanceof Error && error.message ? error.message : INVITE_FAILED;
}
