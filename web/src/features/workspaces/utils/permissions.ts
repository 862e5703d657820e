import type { WorkspaceRole } from '@shared/schemas/workspace';

/** Owners and admins change Workspace Settings (name, automatic weekly plan); the server enforces the same. */
export function canChangeWorkspaceSettings(role: WorkspaceRole): boolean {
  return role === 'owner' || role === 'admin';
}
