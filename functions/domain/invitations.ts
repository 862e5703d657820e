import type { InvitationResult, InvitationView, SendInvitationInput } from '../../shared/schemas/member.js';
import {
  acceptInvitation,
  deleteInvitation,
  invitationExpiry,
  listInvitationsForEmail,
  listInvitationsOf,
  storeInvitation,
  takeBackInvitation,
  type Invitation,
} from '../data/invitation.js';
import { findProfileByEmail } from '../data/profile.js';
import type { Caller } from '../lib/caller.js';
import { BadRequestError, ForbiddenError, NotFoundError, UpstreamError } from '../lib/errors.js';
import { logger } from '../lib/logger.js';
import { sendSignUpInvitationMail } from '../mail/invitation-mails.js';
import { MANAGING_ROLES, requireMembership } from './authorize.js';
import { addAccountToWorkspace, inviterNameOf, workspaceForInviting } from './members.js';
import { normalizedEmailOf } from './profiles.js';

function toInvitationView(invitation: Invitation): InvitationView {
  return {
    email: invitation.email,
    role: invitation.role,
    invitedBy: invitation.invitedBy,
    createdAt: invitation.createdAt,
    expiresAt: new Date(invitation.expiresAt * 1000).toISOString(),
  };
}

/** Pending invitations, newest first. */
export async function listInvitationsFor(caller: Caller, workspaceId: string): Promise<InvitationView[]> {
  await requireMembership(workspaceId, caller.userId, MANAGING_ROLES);
  const invitations = await listInvitationsOf(workspaceId);
  return invitations.map(toInvitationView).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/**
 * The spec's send-invitation function: an existing account is added and told by mail; any other address
 * gets a stored invitation and a sign-up mail (`requiresSignup`). Names in the mail are the server's own.
 */
export async function sendInvitationFor(
  caller: Caller,
  workspaceId: string,
  input: SendInvitationInput,
): Promise<InvitationResult> {
  if (input.workspaceId !== undefined && input.workspaceId !== workspaceId) {
    throw new BadRequestError('The workspace in the body differs from the one in the path', [
      { field: 'workspaceId', message: 'Must be the workspace of the path' },
    ]);
  }
  const workspace = await workspaceForInviting(caller, workspaceId);
  const profile = await findProfileByEmail(input.email);
  if (profile) {
    return { requiresSignup: false, ...(await addAccountToWorkspace(caller, workspace, profile, input.role)) };
  }
  const createdAt = new Date().toISOString();
  const invitation: Invitation = {
    workspaceId,
    email: input.email,
    role: input.role,
    invitedBy: caller.userId,
    createdAt,
    expiresAt: invitationExpiry(createdAt),
  };
  const stored = await storeInvitation(invitation);
  // Demoted or removed since the check above: refused as that check would refuse it now.
  if (stored === 'sender-not-managing') throw new ForbiddenError();
  const { replaced } = stored;
  const inviterName = await inviterNameOf(caller);
  try {
    await sendSignUpInvitationMail({ to: invitation.email, workspaceName: workspace.name, inviterName, workspaceId: workspace.id });
  } catch (error) {
    // Without its mail nobody learns of the invitation: take it back and say so, rather than report a success.
    logger.error('Sending an invitation mail failed; the invitation is taken back', { error });
    await takeBackInvitation(invitation, replaced);
    throw new UpstreamError('The invitation e-mail could not be sent, so no invitation was saved; try again in a moment');
  }
  return { requiresSignup: true, invitation: toInvitationView(invitation) };
}

export async function revokeInvitationFor(caller: Caller, workspaceId: string, email: string): Promise<void> {
  await requireMembership(workspaceId, caller.userId, MANAGING_ROLES);
  if (!(await deleteInvitation(workspaceId, email))) throw new NotFoundError('Invitation not found');
}

/**
 * Joins the caller to every workspace that invited their verified address (expired invitations are not
 * read), each with a notice to see once: runs on each workspace
 * listing, so signing up and opening the app is enough, in AWS and locally, without a Cognito trigger.
 */
export async function acceptPendingInvitations(caller: Caller): Promise<void> {
  const email = normalizedEmailOf(caller);
  if (!email) return;
  const invitations = await listInvitationsForEmail(email);
  const createdAt = new Date().toISOString();
  for (const invitation of invitations) {
    await acceptInvitation(invitation, {
      workspaceId: invitation.workspaceId,
      userId: caller.userId,
      role: invitation.role,
      email,
      createdAt,
      addedBy: invitation.invitedBy,
      noticeSeen: false,
    });
  }
}
