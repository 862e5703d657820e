import type { WorkspaceRole } from '../../shared/schemas/workspace.js';
import { getMembership, type Membership } from '../data/membership.js';
import { ForbiddenError, NotFoundError } from '../lib/errors.js';

/**
 * The caller's membership of a workspace, or an error. A non-member gets 404 'Workspace not found', so a
 * workspace's existence is not revealed to outsiders; a member without the needed role gets 403.
 */
export async function requireMembership(
  workspaceId: string,
  userId: string,
  allowedRoles: readonly WorkspaceRole[] = ['owner', 'admin', 'member'],
): Promise<Membership> {
  const membership = await getMembership(workspaceId, userId);
  if (!membership) throw new NotFoundError('Workspace not found');
  if (!allowedRoles.includes(membership.role)) throw new ForbiddenError();
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
