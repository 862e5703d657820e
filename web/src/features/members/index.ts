/** What other features use of the members feature: the workspace's member list, who may manage it (owners and admins), and the user's own membership. */
export { useWorkspaceMembers } from './api/workspace-members';
export { canManageMembers } from './utils/permissions';
export { LEAVE_WORKSPACE_FAILED, leaveConfirmation, useAcknowledgeNotice, useLeaveWorkspace } from './api/membership';
