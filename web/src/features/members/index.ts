/** What other features use of the members feature: the workspace's member list and the user's own membership. */
export { useWorkspaceMembers } from './api/workspace-members';
export { LEAVE_WORKSPACE_FAILED, leaveConfirmation, useAcknowledgeNotice, useLeaveWorkspace } from './api/membership';
