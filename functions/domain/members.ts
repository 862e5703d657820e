import type { AddMemberInput, MemberView, UpdateMemberRoleInput } from '../../shared/schemas/member.js';
import type { WorkspaceRole } from '../../shared/schemas/workspace.js';
import { emailLocalPart, nameFromEmail } from '../../shared/rules/user-name.js';
import { unsubscribeUserFromWorkspace } from '../data/connection.js';
import { deleteAssistantHistory } from '../data/assistant-history.js';
import { takeInvitationQuota } from '../data/quota.js';
import { addMembershipUsingUpInvitation, deleteInvitationsSentBy } from '../data/invitation.js';
import {
  getMembership,
  listMembersOf,
  markNoticeSeen,
  removeMembership,
  updateMemberRole,
  type Membership,
} from '../data/membership.js';
import { findProfileByEmail, getProfile, getProfiles, type Profile } from '../data/profile.js';
import { getWorkspace, type Workspace } from '../data/workspace.js';
import { abuseLimits } from '../lib/abuse-limits.js';
import type { Caller } from '../lib/caller.js';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError } from '../lib/errors.js';
import { logger } from '../lib/logger.js';
import { sendAddedToWorkspaceMail } from '../mail/invitation-mails.js';
import { endGoogleConnectionsOf } from './google-grants.js';
import { MANAGING_ROLES, requireMembership, WORKSPACE_NOT_FOUND } from './authorize.js';

const ROLE_ORDER: Readonly<Record<WorkspaceRole, number>> = { owner: 0, admin: 1, member: 1 };

/** Owners and admins see members' e-mail addresses; members see names only (consent: an address is personal). */
export function seesMemberEmails(viewerRole: WorkspaceRole): boolean {
  return MANAGING_ROLES.includes(viewerRole);
}

export function toMemberView(membership: Membership, profile: Profile | undefined, withEmail = true): MemberView {
  const email = profile?.email || membership.email;
  return {
    userId: membership.userId,
    displayName: profile?.displayName || nameFromEmail(email),
    ...(withEmail ? { email } : {}),
    role: membership.role,
    createdAt: membership.createdAt,
  };
}

/** Owner first, then by when they joined; e-mail addresses for owners and admins only. */
export async function listMembersFor(caller: Caller, workspaceId: string): Promise<MemberView[]> {
  const membership = await requireMembership(workspaceId, caller.userId);
  return memberViewsOf(workspaceId, membership.role);
}

/**
 * The workspace's members with their names, owners first, as a viewer of the given role may see them (for a
 * caller whose membership is checked).
 */
export async function memberViewsOf(workspaceId: string, viewerRole: WorkspaceRole): Promise<MemberView[]> {
  return (await membersWithProfiles(workspaceId, viewerRole)).views;
}

/** The member views and the profiles they were made from (for a reader that needs more of the profile). */
export async function membersWithProfiles(workspaceId: string, viewerRole: WorkspaceRole): Promise<{ views: MemberView[]; profiles: Map<string, Profile> }> {
  const memberships = await listMembersOf(workspaceId);
  const profiles = await getProfiles(memberships.map((membership) => membership.userId));
  const withEmails = seesMemberEmails(viewerRole);
  const views = memberships
    .map((membership) => toMemberView(membership, profiles.get(membership.userId), withEmails))
    .sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || a.createdAt.localeCompare(b.createdAt));
  return { views, profiles };
}

/**
 * The workspace a manager acts on, with one of the caller's invitation mails counted (per hour and per day,
 * across workspaces): 429 with Retry-After once either is used up.
 */
export async function workspaceForInviting(caller: Caller, workspaceId: string): Promise<Workspace> {
  await requireMembership(workspaceId, caller.userId, MANAGING_ROLES);
  const workspace = await getWorkspace(workspaceId);
  if (!workspace) throw new NotFoundError(WORKSPACE_NOT_FOUND);
  const limits = { perHour: abuseLimits.invitationsPerHour, perDay: abuseLimits.invitationsPerDay };
  const quota = await takeInvitationQuota(caller.userId, limits, new Date());
  if (!quota.allowed) {
    const limit = quota.usedUp === 'day' ? `${limits.perDay} invitations per day` : `${limits.perHour} invitations per hour`;
    throw new TooManyRequestsError(`You can send at most ${limit}.`, quota.retryAfterSeconds);
  }
  return workspace;
}

/** The inviter as mails name them: display name, else e-mail prefix, else 'Someone' (spec core §7). */
export async function inviterNameOf(caller: Caller): Promise<string> {
  const profile = await getProfile(caller.userId);
  return profile?.displayName || emailLocalPart(caller.email) || 'Someone';
}

/** A mail is a notification: the membership or invitation stands even when SES refuses it. True if sent. */
export async function notifyByMail(send: () => Promise<void>): Promise<boolean> {
  try {
    await send();
    return true;
  } catch (error) {
    logger.error('Sending a mail failed', { error });
    return false;
  }
}

/**
 * Adds an existing account and tells them by mail unless they turned notification mails off; `mailed` says
 * whether a mail went (not why none did); 409 when they are a member already.
 */
export async function addAccountToWorkspace(
  caller: Caller,
  workspace: Workspace,
  profile: Profile,
  role: AddMemberInput['role'],
): Promise<{ member: MemberView; mailed: boolean }> {
  const membership: Membership = {
    workspaceId: workspace.id,
    userId: profile.userId,
    role,
    email: profile.email,
    createdAt: new Date().toISOString(),
    addedBy: caller.userId,
    noticeSeen: false,
  };
  const outcome = await addMembershipUsingUpInvitation(membership);
  if (outcome === 'no-workspace') throw new NotFoundError(WORKSPACE_NOT_FOUND);
  if (outcome === 'already-member') throw new ConflictError('This person is already a member of this workspace');
  if (outcome === 'stale') throw new ConflictError('The members of this workspace changed at the same moment; try again');
  // The person said no to notification mails (Settings): the membership shows in the app only.
  let mailed = false;
  if (profile.notificationPreferences.email) {
    const inviterName = await inviterNameOf(caller);
    mailed = await notifyByMail(() => sendAddedToWorkspaceMail({ to: profile.email, workspaceName: workspace.name, inviterName }));
  }
  return { member: toMemberView(membership, profile), mailed };
}

/** Add Member: only for an address that already has an account. */
export async function addMemberFor(caller: Caller, workspaceId: string, input: AddMemberInput): Promise<MemberView> {
  const workspace = await workspaceForInviting(caller, workspaceId);
  const profile = await findProfileByEmail(input.email);
  if (!profile) {
    throw new NotFoundError('No account uses this email address yet. Send an invitation instead.');
  }
  return (await addAccountToWorkspace(caller, workspace, profile, input.role)).member;
}

/**
 * The member another manager may act on: never oneself, never the owner; undefined for someone who is not
 * a member (the caller decides what that means).
 */
async function manageableMember(caller: Caller, workspaceId: string, userId: string, action: string): Promise<Membership | undefined> {
  await requireMembership(workspaceId, caller.userId, MANAGING_ROLES);
  if (userId === caller.userId) throw new ForbiddenError(`You cannot ${action} yourself`);
  const target = await getMembership(workspaceId, userId);
  if (target?.role === 'owner') throw new ForbiddenError(`You cannot ${action} the workspace owner`);
  return target;
}

export async function updateMemberRoleFor(
  caller: Caller,
  workspaceId: string,
  userId: string,
  input: UpdateMemberRoleInput,
): Promise<MemberView> {
  if (!(await manageableMember(caller, workspaceId, userId, 'change the role of'))) throw new NotFoundError('Member not found');
  const updated = await updateMemberRole(workspaceId, userId, input.role);
  if (updated === 'missing') throw new NotFoundError('Member not found');
  if (updated === 'owner') throw new ForbiddenError('You cannot change the role of the workspace owner');
  // A demoted admin may no longer invite, so their pending invitations (each carrying a role they chose) go,
  // as a removed member's do.
  if (updated.role === 'member') await deleteInvitationsSentBy(workspaceId, userId);
  return toMemberView(updated, await getProfile(userId));
}

/**
 * What a member leaves behind in a workspace: their realtime subscriptions to it, the invitations they
 * sent, which nobody would answer for any more, the Google accounts they connected here (revoked at
 * Google) and their assistant history. None of it may outlive the membership, so this is also right for
 * someone who is no longer a member: it finishes a removal cut off after the membership went.
 */
async function deleteWhatMembershipLeaves(workspaceId: string, userId: string): Promise<void> {
  await Promise.all([
    unsubscribeUserFromWorkspace(userId, workspaceId),
    deleteInvitationsSentBy(workspaceId, userId),
    endGoogleConnectionsOf(workspaceId, userId),
    deleteAssistantHistory(workspaceId, userId),
  ]);
}

/**
 * Takes a member out of the workspace (removed by a manager, or leaving): the membership first (never the
 * owner's, whatever was checked before), so nothing new is made in their name meanwhile, then what it
 * leaves behind. If that fails, the same call again answers 404 and finishes it.
 */
async function dropMember(workspaceId: string, userId: string, ownerRefusal: string, notMember: string): Promise<void> {
  const removed = await removeMembership(workspaceId, userId);
  if (removed === 'owner') throw new ForbiddenError(ownerRefusal);
  await deleteWhatMembershipLeaves(workspaceId, userId);
  if (removed === 'missing') throw new NotFoundError(notMember);
}

export async function removeMemberFor(caller: Caller, workspaceId: string, userId: string): Promise<void> {
  await manageableMember(caller, workspaceId, userId, 'remove');
  await dropMember(workspaceId, userId, 'You cannot remove the workspace owner', 'Member not found');
}

const OWNER_CANNOT_LEAVE = 'The owner cannot leave the workspace; delete it instead';

/** Leave Workspace: every member but the owner (whom the removal itself refuses) may go. */
export async function leaveWorkspaceFor(caller: Caller, workspaceId: string): Promise<void> {
  await dropMember(workspaceId, caller.userId, OWNER_CANNOT_LEAVE, WORKSPACE_NOT_FOUND);
}

/** The added person has seen that they were added: the notice is not shown again. */
export async function acknowledgeNoticeFor(caller: Caller, workspaceId: string): Promise<void> {
  if (!(await markNoticeSeen(workspaceId, caller.userId))) throw new NotFoundError(WORKSPACE_NOT_FOUND);
}
