import { TWO_FACTOR_REQUIRED, type WorkspaceRole } from '../../shared/schemas/workspace.js';
import { getMembership, type Membership } from '../data/membership.js';
import { getWorkspace, type Workspace } from '../data/workspace.js';
import { ForbiddenError, NotFoundError } from '../lib/errors.js';
import { hasTwoFactorSignIn } from '../lib/sign-in-checks.js';

/** What a non-member is told, so that a workspace's existence is not revealed to outsiders. */
export const WORKSPACE_NOT_FOUND = 'Workspace not found';

/** The roles that manage a workspace: its settings, members (spec core §6), labels and the team's plan. */
export const MANAGING_ROLES: readonly WorkspaceRole[] = ['owner', 'admin'];

/** The roles a workspace's two-factor requirement applies to: those that manage it. */
const TWO_FACTOR_ROLES = MANAGING_ROLES;

/** The rule itself: whether a workspace requires two-factor sign-in of a member in this role. */
export function requiresTwoFactorOf(workspace: Pick<Workspace, 'requireTwoFactor'> | undefined, membership: Pick<Membership, 'role'>): boolean {
  return workspace?.requireTwoFactor === true && TWO_FACTOR_ROLES.includes(membership.role);
}

/**
 * Of these memberships of one workspace, the users its two-factor requirement refuses: owners and admins who
 * do not sign in with two factors, where the workspace requires it. Only those roles pay for the workspace
 * read (and, when it requires it, the user-pool question).
 */
export async function refusedForTwoFactor(workspaceId: string, memberships: readonly Membership[]): Promise<Set<string>> {
  if (!memberships.some((membership) => TWO_FACTOR_ROLES.includes(membership.role))) return new Set();
  const workspace = await getWorkspace(workspaceId);
  const bound = memberships.filter((membership) => requiresTwoFactorOf(workspace, membership));
  const lacking = await Promise.all(bound.map(async ({ userId }) => ((await hasTwoFactorSignIn(userId)) ? [] : [userId])));
  return new Set(lacking.flat());
}

/**
 * The caller's membership of a workspace, or an error: 404 (WORKSPACE_NOT_FOUND) for a non-member, 403
 * for a member without the needed role, and 403 (TWO_FACTOR_REQUIRED) for an owner or admin without
 * two-factor sign-in in a workspace that requires it.
 */
export async function requireMembership(
  workspaceId: string,
  userId: string,
  allowedRoles: readonly WorkspaceRole[] = ['owner', 'admin', 'member'],
): Promise<Membership> {
  const membership = await getMembership(workspaceId, userId);
  if (!membership) throw new NotFoundError(WORKSPACE_NOT_FOUND);
  if (!allowedRoles.includes(membership.role)) throw new ForbiddenError();
  if ((await refusedForTwoFactor(workspaceId, [membership])).size > 0) throw new ForbiddenError(TWO_FACTOR_REQUIRED);
  return membership;
}

/**
 * A read on behalf of a member: the membership check and the read go to DynamoDB together, one round trip
 * instead of two. The read's result leaves only when the check passes, and the check's error comes first,
 * so an outsider learns nothing from the read (not even that it failed).
 */
export async function readAsMember<T>(workspaceId: string, userId: string, read: () => Promise<T>): Promise<T> {
  // `read` runs inside an async function so that even a synchronous throw (a bad cursor) becomes a result.
  const [membership, result] = await Promise.allSettled([requireMembership(workspaceId, userId), (async () => read())()]);
  if (membership.status === 'rejected') throw membership.reason;
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}
