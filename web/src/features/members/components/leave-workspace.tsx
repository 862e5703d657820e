import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { apiErrorMessage } from '@/lib/api-client';
import { LEAVE_WORKSPACE_FAILED, leaveConfirmation, useLeaveWorkspace } from '../api/membership';

/** Leave Workspace, for everyone but the owner: confirmed, then the next workspace becomes current. */
export function LeaveWorkspace({ workspace }: { workspace: { id: string; name: string } }) {
  const leave = useLeaveWorkspace();
  const { confirm, dialog } = useConfirm();
  const onLeave = async () => {
    if (await confirm(leaveConfirmation(workspace.name))) leave.mutate(workspace.id);
  };
  return (
    <section className="card" aria-labelledby="leave-workspace-title">
      <h2 id="leave-workspace-title" className="card-title">
        Leave Workspace
      </h2>
      <p className="muted">You stop seeing this workspace and its projects. An owner or admin can add you again.</p>
      {leave.isError ? <Alert>{apiErrorMessage(leave.error, LEAVE_WORKSPACE_FAILED)}</Alert> : null}
      <div>
        <Button variant="danger" loading={leave.isPending} onClick={() => void onLeave()}>
          Leave Workspace
        </Button>
      </div>
      {dialog}
    </section>
  );
}
