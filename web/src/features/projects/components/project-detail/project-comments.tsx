import type { ProjectSummary } from '@shared/schemas/project';
import { useWorkspaceMembers } from '@/features/members';
import { useAuth } from '@/lib/auth';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { CommentsSection } from '../dialogs/comments-section';

/**
 * The project's own comments, its page's Comments tab (issue 37): the task view's comments, counted on the heading
 * (the project's `commentCount`, which pushes keep current). An owner or admin may delete anyone's comment.
 */
export function ProjectComments({ project }: { project: ProjectSummary }) {
  const { currentWorkspace } = useCurrentWorkspace();
  const members = useWorkspaceMembers(currentWorkspace?.id);
  const { user } = useAuth();
  const moderator = currentWorkspace?.role === 'owner' || currentWorkspace?.role === 'admin';
  return (
    <CommentsSection
      target={{ workspaceId: project.workspaceId, projectId: project.id }}
      members={members.data ?? []}
      userId={user?.id}
      moderator={moderator}
      count={project.commentCount}
      headingLevel={2}
    />
  );
}
