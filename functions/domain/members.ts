import {
  INVITATIONS_PER_WORKSPACE_PER_HOUR,
  type AddMemberInput,
  type MemberView,
  type UpdateMemberRoleInput,
} from '../../shared/schemas/member.js';
import type { WorkspaceRole } from '../../shared/schemas/workspace.js';
import { emailLocalPart, nameFromEmail } from '../../shared/rules/user-name.js';
import { unsubscribeUserFromWorkspace } from '../data/connection.js';
import { takeInvitationQuota } from '../data/quota.js';
import { addMembershipUsingUpInvitation } from '../data/invitation.js';
import {
  getMembership,
  listMembersOf,
  removeMembership,
  updateMemberRole,
  type Membership,
} from '../data/membership.js';
import { findProfileByEmail, getProfile, getProfiles, type Profile } from '../data/profile.js';
import { getWorkspace, type Workspace } from '../data/workspace.js';
import type { Caller } from '../lib/caller.js';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError } from '../lib/errors.js';
import { logger } from '../lib/logger.js';
import { sendAddedToWorkspaceMail } from '../mail/invitation-mails.js';
import { requireMembership } from './authorize.js';

/** Who may invite, add, re-role and remove members (spec core §6). */
export const MANAGING_ROLES: readonly WorkspaceRole[] = ['owner', 'admin'];

const ROLE_ORDER: Readonly<Record<WorkspaceRole, number>> = { owner: 0, admin: 1, member: 1 };

export function toMemberView(membership: Membership, profile: Profile | undefined): MemberView {
  const email = profile?.email || membership.email;
  return {
    userId: membership.userId,
    displayName: profile?.displayName || nameFromEmail(email),
    email,
    role: membership.role,
    createdAt: membership.createdAt,
  };
}

/** Owner first, then by when they joined. */
export async function listMembersFor(caller: Caller, workspaceId: string): Promise<MemberView[]> {
  await requireMembership(workspaceId, caller.userId);
  return memberViewsOf(workspaceId);
}

/** The workspace's members with their names, owners first (for a caller whose membership is checked). */
export async function memberViewsOf(workspaceId: string): Promise<MemberView[]> {
  const memberships = await listMembersOf(workspaceId);
  const profiles = await getProfiles(memberships.map((membership) => membership.userId));
  return memberships
    .map((membership) => toMemberView(membership, profiles.get(membership.userId)))
    .sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || a.createdAt.localeCompare(b.createdAt));
}

/** The workspace a manager acts on, with the mail quota taken: 429 once the hour's invitations are used. */
export async function workspaceForInviting(caller: Caller, workspaceId: string): Promise<Workspace> {
  await requireMembership(workspaceId, caller.userId, MANAGING_ROLES);
  const workspace = await getWorkspace(workspaceId);
  if (!workspace) throw new NotFoundError('Workspace not found');
  if (!(await takeInvitationQuota(workspaceId, INVITATIONS_PER_WORKSPACE_PER_HOUR, new Date()))) {
    throw new TooManyRequestsError(
      `This workspace has sent ${INVITATIONS_PER_WORKSPACE_PER_HOUR} invitations in the last hour; try again later`,
    );
  }
  return workspace;
}

/** The inviter as mails name them: display name, else e-mail prefix, else 'Someone' (spec core §7). */
export async function inviterNameOf(caller: Caller): Promise<string> {
  const profile = await getProfile(caller.userId);
  return profile?.displayName || emailLocalPart(caller.email) || 'Someone';
}

/** A mail is a notification: the membership or invitation stands even when SES refuses it. */
export async function notifyByMail(send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (error) {
    logger.error('Sending a mail failed', { error });
  }
}

/** Adds an existing account and tells them by mail; 409 when they are a member already. */
export async function addAccountToWorkspace(
  caller: Caller,
  workspace: Workspace,
  profile: Profile,
  role: AddMemberInput['role'],
): Promise<MemberView> {
  const membership: Membership = {
    workspaceId: workspace.id,
    userId: profile.userId,
    role,
    email: profile.email,
    createdAt: new Date().toISOString(),
  };
  const outcome = await addMembershipUsingUpInvitation(membership);
  if (outcome === 'no-workspace') throw new NotFoundError('Workspace not found');
  if (outcome === 'already-member') throw new ConflictError('This person is already a member of this workspace');
  if (outcome === 'stale') throw new ConflictError('The members of this workspace changed at the same moment; try again');
  // The person said no to notification mails (Settings): the membership shows in the app only.
  if (profile.notificationPreferences.email) {
    const inviterName = await inviterNameOf(caller);
    await notifyByMail(() => sendAddedToWorkspaceMail({ to: profile.email, workspaceName: workspace.name, inviterName }));
  }
  return toMemberView(membership, profile);
}

/** Add Member: only for an address that already has an account. */
export async function addMemberFor(caller: Caller, workspaceId: string, input: AddMemberInput): Promise<MemberView> {
  const workspace = await workspaceForInviting(caller, workspaceId);
  const profile = await findProfileByEmail(input.email);
  if (!profile) {
    throw new NotFoundError('No account uses this email address yet. Send an invitation instead.');
  }
  return addAccountToWorkspace(caller, workspace, profile, input.role);
}

/** The member another manager may act on: never oneself, never the owner. */
async function requireManageableMember(caller: Caller, workspaceId: string, userId: string, action: string): Promise<Membership> {
  await requireMembership(workspaceId, caller.userId, MANAGING_ROLES);
  if (userId === caller.userId) throw new ForbiddenError(`You cannot ${action} yourself`);
  const target = await getMembership(workspaceId, userId);
  if (!target) throw new NotFoundError('Member not found');
  if (target.role === 'owner') throw new ForbiddenError(`You cannot ${action} the workspace owner`);
  return target;
}

export async function updateMemberRoleFor(
  caller: Caller,
  workspaceId: string,
  userId: string,
  input: UpdateMemberRoleInput,
): Promise<MemberView> {
  await requireManageableMember(caller, workspaceId, userId, 'change the role of');
  const updated = await updateMemberRole(workspaceId, userId, input.role);
  if (updated === 'missing') throw new NotFoundError('Member not found');
  if (updated === 'owner') throw new ForbiddenError('You cannot change the role of the workspace owner');
  return toMemberView(updated, await getProfile(userId));
}

/** Removes the member and their realtime subscriptions to the workspace. */
export async function removeMemberFor(caller: Caller, workspaceId: string, userId: string): Promise<void> {
  await requireManageableMember(caller, workspaceId, userId, 'remove');
  const removed = await removeMembership(workspaceId, userId);
  if (removed === 'missing') throw new NotFoundError('Member not found');
  if (removed === 'owner') throw new ForbiddenError('You cannot remove the workspace owner');
  await unsubscribeUserFromWorkspace(userId, workspaceId);
}
