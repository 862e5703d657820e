import { randomUUID } from 'node:crypto';
import { slugify } from '../../shared/rules/slug.js';
import { OWN_TWO_FACTOR_FIRST, type CreateWorkspaceInput, type UpdateWorkspaceInput, type WorkspaceView } from '../../shared/schemas/workspace.js';
import { emailLocalPart } from '../../shared/rules/user-name.js';
import { listMembershipsOfUser, listMembersOf, type Membership } from '../data/membership.js';
import { getProfiles } from '../data/profile.js';
import { takeWorkspaceCreationQuota } from '../data/quota.js';
import { createWorkspace, getWorkspace, getWorkspaces, type Workspace, updateWorkspaceSettings } from '../data/workspace.js';
import { deleteWorkspaceWithData } from '../data/workspace-deletion.js';
import type { Caller } from '../lib/caller.js';
import { abuseLimits } from '../lib/abuse-limits.js';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError } from '../lib/errors.js';
import { hasTwoFactorSignIn } from '../lib/sign-in-checks.js';
import { revokeGoogleGrantsOf } from './google-grants.js';
import { MANAGING_ROLES, requireMembership, requiresTwoFactorOf, WORKSPACE_NOT_FOUND } from './authorize.js';
import { acceptPendingInvitations } from './invitations.js';
import { ensureProfile } from './profiles.js';

/**
 * `addedByName`: the name of who added the caller, for an unseen notice (listings only). `twoFactorNeeded`:
 * the caller is refused here until they sign in with two factors (listings only: every other read is refused).
 */
function toView(workspace: Workspace, membership: Membership, addedByName?: string, twoFactorNeeded = false): WorkspaceView {
  return {
    id: workspace.id,
    name: workspace.name,
    slug: workspace.slug,
    createdAt: workspace.createdAt,
    role: membership.role,
    autoWeeklyPlan: workspace.autoWeeklyPlan,
    blockersMustBeDone: workspace.blockersMustBeDone,
    requireTwoFactor: workspace.requireTwoFactor,
    apiTokensEnabled: workspace.apiTokensEnabled,
    allowNonExpiringTokens: workspace.allowNonExpiringTokens,
    twoFactorNeeded,
    version: workspace.version,
    ...(addedByName === undefined ? {} : { notice: { addedByName, addedAt: membership.createdAt } }),
  };
}

/** The names of who added the caller to workspaces they have not yet seen notices of (one BatchGet). */
async function adderNames(memberships: readonly Membership[]): Promise<Map<string, string>> {
  const unseen = memberships.filter((membership) => !membership.noticeSeen && membership.addedBy !== undefined);
  // One person may have added the caller to several workspaces; BatchGet refuses a key twice.
  const profiles = await getProfiles([...new Set(unseen.map((membership) => membership.addedBy ?? ''))]);
  return new Map(
    unseen.map((membership) => {
      const profile = profiles.get(membership.addedBy ?? '');
      return [membership.workspaceId, profile?.displayName || emailLocalPart(profile?.email) || 'Someone'];
    }),
  );
}

/** Each user creates at most `workspacesPerDay` workspaces a day: 429 with Retry-After beyond. */
export async function createWorkspaceFor(caller: Caller, input: CreateWorkspaceInput): Promise<WorkspaceView> {
  const quota = await takeWorkspaceCreationQuota(caller.userId, abuseLimits.workspacesPerDay, new Date());
  if (!quota.allowed) {
    throw new TooManyRequestsError(`You can create at most ${abuseLimits.workspacesPerDay} workspaces per day.`, quota.retryAfterSeconds);
  }
  const now = new Date().toISOString();
  const workspace: Workspace = {
    id: randomUUID(),
    name: input.name,
    slug: slugify(input.name),
    createdAt: now,
    createdBy: caller.userId,
    autoWeeklyPlan: false,
    blockersMustBeDone: false,
    requireTwoFactor: false,
    apiTokensEnabled: true,
    allowNonExpiringTokens: false,
    version: 1,
  };
  const owner: Membership = {
    workspaceId: workspace.id,
    userId: caller.userId,
    role: 'owner',
    email: caller.email,
    createdAt: now,
    noticeSeen: true,
  };
  await createWorkspace(workspace, owner);
  return toView(workspace, owner);
}

/**
 * The caller's workspaces, oldest first: one GSI query plus one BatchGet per 100 workspaces. First the
 * caller's profile is made (so invitations find the account) and pending invitations to their verified
 * address are accepted (so signing up with an invited address joins the workspace). A workspace someone
 * else added them to carries its notice until they acknowledge it.
 */
export async function listWorkspacesOf(caller: Caller): Promise<WorkspaceView[]> {
  await Promise.all([ensureProfile(caller), acceptPendingInvitations(caller)]);
  const memberships = await listMembershipsOfUser(caller.userId);
  const [found, names] = await Promise.all([getWorkspaces(memberships.map((membership) => membership.workspaceId)), adderNames(memberships)]);
  const workspaces = new Map(found.map((workspace) => [workspace.id, workspace]));
  const mustHaveTwoFactor = (membership: Membership) => requiresTwoFactorOf(workspaces.get(membership.workspaceId), membership);
  // Asked of the user pool only when some workspace would refuse the caller without it.
  const lacksTwoFactor = memberships.some(mustHaveTwoFactor) && !(await hasTwoFactorSignIn(caller.userId));
  return memberships
    .flatMap((membership) => {
      const workspace = workspaces.get(membership.workspaceId);
      return workspace && reachable(caller, workspace)
        ? [toView(workspace, membership, names.get(membership.workspaceId), lacksTwoFactor && mustHaveTwoFactor(membership))]
        : [];
    })
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** An API token lists only the workspaces it may call: its own one, and only where token access is on. */
function reachable(caller: Caller, workspace: Workspace): boolean {
  if (!caller.token) return true;
  return workspace.apiTokensEnabled && (caller.token.workspaceId === null || caller.token.workspaceId === workspace.id);
}

export async function getWorkspaceFor(caller: Caller, workspaceId: string): Promise<WorkspaceView> {
  const membership = await requireMembership(workspaceId, caller.userId);
  const workspace = await getWorkspace(workspaceId);
  if (!workspace) throw new NotFoundError(WORKSPACE_NOT_FOUND);
  return toView(workspace, membership);
}

export const TOKEN_SETTINGS_NEED_SIGN_IN = "API token settings can only be changed from the app, not with an API token";

/** Why an admin may not change the two-factor requirement (403). */
export const ONLY_OWNER_REQUIRES_TWO_FACTOR = 'Only the workspace owner can change whether owners and admins must use two-factor sign-in';

/**
 * Owners and admins change the workspace's settings: its name (the slug stays as it was made), the
 * automatic weekly plan and the blockers rule. Only the owner requires two-factor sign-in of owners and
 * admins, and only once they sign in so themselves (else the switch would shut them out at once). Members
 * see the change by the workspace item's push, like any other write.
 */
export async function updateWorkspaceFor(caller: Caller, workspaceId: string, input: UpdateWorkspaceInput): Promise<WorkspaceView> {
  const membership = await requireMembership(workspaceId, caller.userId, MANAGING_ROLES);
  const { version, ...settings } = input;
  if (settings.requireTwoFactor !== undefined && membership.role !== 'owner') throw new ForbiddenError(ONLY_OWNER_REQUIRES_TWO_FACTOR);
  // A token may not widen what tokens may do.
  if (caller.token && (settings.apiTokensEnabled !== undefined || settings.allowNonExpiringTokens !== undefined)) throw new ForbiddenError(TOKEN_SETTINGS_NEED_SIGN_IN);
  if (settings.requireTwoFactor === true && !(await hasTwoFactorSignIn(caller.userId))) {
    throw new BadRequestError(OWN_TWO_FACTOR_FIRST, [{ field: 'requireTwoFactor', message: OWN_TWO_FACTOR_FIRST }]);
  }
  const refused = await updateWorkspaceSettings(workspaceId, settings, version, caller.userId);
  if (refused === 'stale') throw new ConflictError();
  if (refused === 'missing') throw new NotFoundError(WORKSPACE_NOT_FOUND);
  const workspace = await getWorkspace(workspaceId);
  if (!workspace) throw new NotFoundError(WORKSPACE_NOT_FOUND);
  return toView(workspace, membership);
}

/**
 * Only the owner deletes a workspace, and with it everything it holds. The members' Google grants made
 * here are revoked at Google first, while the sealed tokens can still be read.
 */
export async function deleteWorkspaceFor(caller: Caller, workspaceId: string): Promise<void> {
  await requireMembership(workspaceId, caller.userId, ['owner']);
  const members = await listMembersOf(workspaceId);
  await Promise.all(members.map((member) => revokeGoogleGrantsOf(workspaceId, member.userId)));
  await deleteWorkspaceWithData(workspaceId);
}
