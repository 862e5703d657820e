import type { WorkspaceRole } from '@shared/schemas/workspace';

/**
 * What the Workspace Settings page offers whom (spec core §6). The server enforces the same rules; these
 * only decide which controls to show.
 */

/** Owner and admin invite, add, change roles and remove. */
export function canManageMembers(role: WorkspaceRole | undefined): boolean {
  return role === 'owner' || role === 'admin';
}

/** Only the owner deletes the workspace. */
export function canDeleteWorkspace(role: WorkspaceRole | undefined): boolean {
  return role === 'owner';
}

/** Everyone but the owner may leave (the owner deletes the workspace instead). */
export function canLeaveWorkspace(role: WorkspaceRole | undefined): boolean {
  return role === 'admin' || role === 'member';
}

/**
 * How one row of the Team Members list looks to the viewer: the owner's row says 'Workspace Owner', the
 * viewer's own row 'Your Role'; owner and admin viewers get a role select and Remove on every other row.
 */
export type MemberRowMode = 'owner' | 'self' | 'manage' | 'view';

export function memberRowMode(viewer: { userId: string; role: WorkspaceRole | undefined }, member: { userId: string; role: WorkspaceRole }): MemberRowMode {
  if (member.role === 'owner') return 'owner';
  if (member.userId === viewer.userId) return 'self';
  return canManageMembers(viewer.role) ? 'manage' : 'view';
}

/**
 * The viewer's role: from the live members list when it has their row (it reloads on every push), else the
 * role the workspace list reported.
 */
export function viewerRole(
  members: readonly { userId: string; role: WorkspaceRole }[],
  userId: string,
  fallback: WorkspaceRole | undefined,
): WorkspaceRole | undefined {
  return members.find((member) => member.userId === userId)?.role ?? fallback;
}

export const roleLabels: Readonly<Record<WorkspaceRole, string>> = { owner: 'Owner', admin: 'Admin', member: 'Member' };
