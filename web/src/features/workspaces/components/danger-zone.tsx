import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { paths } from '@/config/paths';
import { useReportWriteFailure } from '@/hooks/use-report-write-failure';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { DELETE_WORKSPACE_FAILED, useDeleteWorkspace } from '../api/delete-workspace';
import './danger-zone.css';

/**
 * The owner's Danger Zone (spec core §2, §5): Delete Workspace after the spec's confirmation. The
 * deletion is real; then the next workspace (or none) becomes current and the user lands on the dashboard.
 * Until the server has deleted it the page stays; a failure is a toast with Retry.
 */
export function DangerZone({ workspace }: { workspace: { id: string; name: string } }) {
  const { workspaces, setCurrentWorkspace } = useCurrentWorkspace();
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirm();
  const remove = useDeleteWorkspace();
  const reportFailure = useReportWriteFailure();

  const onDelete = async () => {
    const confirmed = await confirm({
      title: 'Delete Workspace',
      message: 'Are you sure you want to delete this workspace? This action cannot be undone.',
      confirmLabel: 'Delete Workspace',
      danger: true,
    });
    if (confirmed) sendDelete();
  };
  // On the write's promise: the deletion's own push may refresh the workspace list and take this page
  // away before the answer arrives, and mutate()'s callbacks are dropped once it is gone.
  const sendDelete = (): void =>
    void remove.mutateAsync(workspace.id).then(
      () => {
        const next = workspaces.find((candidate) => candidate.id !== workspace.id);
        if (next) setCurrentWorkspace(next.id);
        // Someone who went elsewhere meanwhile stays where they are; the phone layout's page goes to its home.
        const home = { [paths.app.workspaceSettings.getHref()]: paths.app.dashboard.getHref(), [paths.mobile.workspaceSettings.getHref()]: paths.mobile.home.getHref() }[window.location.pathname];
        if (home) void navigate(home);
      },
      (error: unknown) => reportFailure(error, DELETE_WORKSPACE_FAILED, sendDelete),
    );

  return (
    <section className="card danger-zone" aria-labelledby="danger-zone-title">
      <h2 id="danger-zone-title" className="card-title">
        Danger Zone
      </h2>
      <div className="danger-zone-row">
        <div>
          <p className="danger-zone-heading">Delete this workspace</p>
          <p className="muted">Deletes {workspace.name} with all its projects, tasks, notes and members. This cannot be undone.</p>
        </div>
        <Button variant="danger" loading={remove.isPending} onClick={() => void onDelete()}>
          Delete Workspace
        </Button>
      </div>
      {dialog}
    </section>
  );
}
