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
