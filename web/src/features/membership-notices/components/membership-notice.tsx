import type { WorkspaceRole } from '@shared/schemas/workspace';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { apiErrorMessage } from '@/lib/api-client';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { formatDate } from '@/lib/format-date';
import { LEAVE_WORKSPACE_FAILED, leaveConfirmation, useAcknowledgeNotice, useLeaveWorkspace } from '@/features/members';
import type { NoticedWorkspace } from './noticed-workspaces';

const asRole: Readonly<Record<WorkspaceRole, string>> = { owner: 'the owner', admin: 'an admin', member: 'a member' };

/**
 * One "you were added" notice (on the bell and in the banner): who added the user, to which workspace, with
 * which role; Open (makes it current), Leave (confirmed) and Dismiss. Open and Dismiss acknowledge it, so it
 * is shown until then and never again.
 */
function MembershipNotice({ workspace }: { workspace: NoticedWorkspace }) {
  const { setCurrentWorkspace } = useCurrentWorkspace();
  const acknowledge = useAcknowledgeNotice();
  const leave = useLeaveWorkspace();
  const { confirm, dialog } = useConfirm();

  const open = () => {
    setCurrentWorkspace(workspace.id);
    acknowledge.mutate(workspace.id);
  };
  const leaveWorkspace = async () => {
    if (await confirm(leaveConfirmation(workspace.name))) leave.mutate(workspace.id);
  };

  return (
    <li className="membership-notice">
      <p>
        <strong>{workspace.notice.addedByName}</strong> added you to <strong>{workspace.name}</strong> as {asRole[workspace.role]}
        <span className="muted"> · {formatDate(workspace.notice.addedAt)}</span>
      </p>
      {leave.isError ? (
        <p role="alert" className="membership-notice-error">
          {apiErrorMessage(leave.error, LEAVE_WORKSPACE_FAILED)}
        </p>
      ) : null}
      <span className="membership-notice-actions">
        <Button size="sm" variant="primary" onClick={open}>
          Open<span className="visually-hidden"> {workspace.name}</span>
        </Button>
        <Button size="sm" variant="danger" loading={leave.isPending} onClick={() => void leaveWorkspace()}>
          Leave<span className="visually-hidden"> {workspace.name}</span>
        </Button>
        <Button size="sm" variant="ghost" onClick={() => acknowledge.mutate(workspace.id)}>
          Dismiss<span className="visually-hidden"> the notice about {workspace.name}</span>
        </Button>
      </span>
      {dialog}
    </li>
  );
}

/** The list's items (membership-notice-list.tsx loads this module when there is a notice to show). */
export function MembershipNotices({ notices }: { notices: readonly NoticedWorkspace[] }) {
  return notices.map((workspace) => <MembershipNotice key={workspace.id} workspace={workspace} />);
}
