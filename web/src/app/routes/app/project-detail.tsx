import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import { InviteMemberDialog } from '@/features/members/components/invite-member-dialog';
import { canManageMembers } from '@/features/members/utils/permissions';
import { ProjectDetail } from '@/features/projects/components/project-detail/project-detail';
import { ProjectTaskDialog } from '@/features/projects/components/project-detail/project-task-dialog';
import { useAuth } from '@/lib/auth';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { useDisplayName } from '@/features/settings/api/profile';

/**
 * /projects/:projectId (spec core §2 Project detail). Owners and admins can invite someone to the project's
 * workspace from here too (the spec's Invite Member dialog of this page).
 */
export function ProjectDetailRoute() {
  const { projectId = '' } = useParams();
  const { currentWorkspace } = useCurrentWorkspace();
  const { user } = useAuth();
  const email = user?.email ?? '';
  const displayName = useDisplayName(email.split('@')[0] ?? '');
  const workspace = currentWorkspace && canManageMembers(currentWorkspace.role) ? currentWorkspace : null;
  const inviteDialog = useCallback(
    (onClose: () => void) => (workspace ? <InviteMemberDialog workspace={workspace} inviter={{ displayName, email }} onClose={onClose} /> : null),
    [workspace, displayName, email],
  );
  return <ProjectDetail projectId={projectId} inviteDialog={workspace ? inviteDialog : undefined} />;
}

/** /projects/:projectId/tasks/:taskId: the project page with the Edit Task dialog open above it. */
export function ProjectTaskRoute() {
  return <ProjectTaskDialog />;
}
