import { useState } from 'react';
import { trashCountdown } from '@shared/rules/trash-countdown';
import { formatFileSize } from '@shared/schemas/attachment';
import type { TrashEntryView, TrashKind } from '@shared/schemas/trash';
import type { WorkspaceView } from '@shared/schemas/workspace';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { SelectField } from '@/components/ui/form-fields';
import { LoadError } from '@/components/ui/load-error';
import { SkeletonLines } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { useWorkspaceMembers } from '@/features/members';
import { useProjects } from '@/features/projects';
import { useNow } from '@/hooks/use-now';
import { ApiError, apiErrorMessage } from '@/lib/api-client';
import { timeAgo } from '@/lib/format-date';
import { DELETE_FOREVER_FAILED, EMPTY_TRASH_FAILED, FETCH_TRASH_FAILED, RESTORE_FAILED, useDeleteTrashEntry, useEmptyTrash, useFilesUsage, useRestoreTrashEntry, useTrash } from '../api/trash';
import './trash.css';

const kindNames: Record<TrashKind, string> = { task: 'Task', note: 'Note', link: 'Link', project: 'Project' };
const MINUTE_MS = 60_000;
/** What an entry holds besides itself: a task's sub-tasks, a project's tasks, milestones and notes. */
const heldNames = { task: ['sub-task', 'sub-tasks'], project: ['item', 'items'] } as const;

/** A Restore refused because the item's project is gone: the project to put it in instead. */
function RestoreInto({ entry, message, onRestore, pending }: { entry: TrashEntryView; message: string; onRestore: (projectId: string) => void; pending: boolean }) {
  const projects = useProjects();
  const [projectId, setProjectId] = useState('');
  return (
    <form
      className="trash-restore-into"
      aria-label={`Restore ${entry.title} into a project`}
      onSubmit={(event) => {
        event.preventDefault();
        if (projectId) onRestore(projectId);
      }}
    >
      <Alert>{message}</Alert>
      <SelectField label="Project" value={projectId} onChange={(event) => setProjectId(event.target.value)} required>
        <option value="">Choose a project</option>
        {(projects.data ?? []).map((project) => (
          <option key={project.id} value={project.id}>
            {project.name}
          </option>
        ))}
      </SelectField>
      <Button type="submit" variant="primary" loading={pending} disabled={!projectId}>
        Restore Here
      </Button>
    </form>
  );
}

function TrashRow({ entry, workspace, deletedByName, now }: { entry: TrashEntryView; workspace: WorkspaceView; deletedByName: string; now: Date }) {
  const toast = useToast();
  const restore = useRestoreTrashEntry(workspace.id);
  const remove = useDeleteTrashEntry(workspace.id);
  const { confirm, dialog } = useConfirm();
  const [refusal, setRefusal] = useState<string | null>(null);
  const mayManage = workspace.role === 'owner' || workspace.role === 'admin';
  const sub = entry.itemCount > 1 ? ` with ${entry.itemCount - 1} ${heldNames[entry.kind === 'project' ? 'project' : 'task'][entry.itemCount === 2 ? 0 : 1]}` : '';

  // Told through the promise, not mutate's callbacks: the row leaves the list (the refetch, or the push of the
  // entry's removal) before the answer is handled, and mutate's callbacks are skipped once their row is gone.
  const onRestore = (projectId?: string) =>
    restore.mutateAsync({ entry, ...(projectId ? { projectId } : {}) }).then(
      () => toast.success(`Restored ${entry.title}`),
      // Its project was deleted: the row asks for another one.
      (error: unknown) => (error instanceof ApiError && error.status === 409 && (entry.kind === 'task' || entry.kind === 'note') ? setRefusal(error.message) : toast.error(apiErrorMessage(error, RESTORE_FAILED))),
    );
  const onDelete = async () => {
    const message = `Delete "${entry.title}"${sub} forever? Its comments and attachments go with it. This cannot be undone.`;
    if (!(await confirm({ message, title: 'Delete Forever', confirmLabel: 'Delete Forever', danger: true }))) return;
    await remove.mutateAsync(entry).then(
      () => toast.success(`Deleted ${entry.title} forever`),
      (error: unknown) => toast.error(apiErrorMessage(error, DELETE_FOREVER_FAILED)),
    );
  };

  return (
    <li className="trash-row">
      <div className="trash-row-main">
        <span className="trash-kind">{kindNames[entry.kind]}</span>
        <span className="trash-title">{entry.title}</span>
        <span className="muted">
          {entry.projectName ? `${entry.projectName} · ` : ''}
          Deleted by {deletedByName} {timeAgo(entry.deletedAt, now).toLowerCase()}
          {sub}
        </span>
        <span className="trash-countdown">{entry.restoring ? 'Restore began and did not finish: Restore again' : trashCountdown(entry.expiresAt, now)}</span>
      </div>
      <div className="trash-row-actions">
        <Button size="sm" aria-label={`Restore ${entry.title}`} loading={restore.isPending} onClick={() => onRestore()}>
          Restore
        </Button>
        {mayManage ? (
          <Button size="sm" variant="danger" aria-label={`Delete ${entry.title} forever`} disabled={remove.isPending} onClick={() => void onDelete()}>
            Delete Forever
          </Button>
        ) : null}
      </div>
      {refusal ? <RestoreInto entry={entry} message={refusal} pending={restore.isPending} onRestore={onRestore} /> : null}
      {dialog}
    </li>
  );
}

/**
 * The workspace's Trash (issue 37): what was deleted in the last 30 days, latest first — an owner's or
 * admin's every entry, a member's own — with Restore, and Delete Forever and Empty Trash for owners and admins.
 */
export function TrashPage({ workspace }: { workspace: WorkspaceView }) {
  const toast = useToast();
  const trash = useTrash(workspace.id);
  const usage = useFilesUsage(workspace.id);
  const members = useWorkspaceMembers(workspace.id);
  const empty = useEmptyTrash(workspace.id);
  const { confirm, dialog } = useConfirm();
  const now = useNow(MINUTE_MS);
  const mayManage = workspace.role === 'owner' || workspace.role === 'admin';
  const nameOf = (userId: string) => members.data?.find((member) => member.userId === userId)?.displayName ?? 'a former member';

  const onEmpty = async () => {
    const message = 'Delete everything in the Trash forever, with the comments and attachments of its tasks? This cannot be undone.';
    if (!(await confirm({ message, title: 'Empty Trash', confirmLabel: 'Empty Trash', danger: true }))) return;
    empty.mutate(undefined, { onSuccess: () => toast.success('Trash emptied'), onError: (error) => toast.error(apiErrorMessage(error, EMPTY_TRASH_FAILED)) });
  };

  return (
    <section className="trash" aria-labelledby="trash-heading">
      <div className="trash-header">
        <p id="trash-heading" className="muted">
          {mayManage ? 'Everything deleted in this workspace' : 'What you deleted'} stays here for 30 days, then is deleted for good.
        </p>
        {mayManage && trash.entries.length > 0 ? (
          <Button variant="danger" loading={empty.isPending} onClick={() => void onEmpty()}>
            Empty Trash
          </Button>
        ) : null}
      </div>
      {usage.data ? (
        <p className="muted">
          Files: {formatFileSize(usage.data.usedBytes)} of {formatFileSize(usage.data.quotaBytes)} used (deleted tasks' files count until they are deleted for good).
        </p>
      ) : null}
      {trash.isPending ? <SkeletonLines label="Loading the trash" /> : null}
      {trash.isError ? <LoadError what="the trash" message={FETCH_TRASH_FAILED} error={trash.error} onRetry={() => void trash.refetch()} /> : null}
      {trash.isSuccess && trash.entries.length === 0 ? <p className="muted">The Trash is empty.</p> : null}
      {trash.entries.length > 0 ? (
        <ul className="trash-list" aria-label="Deleted items">
          {trash.entries.map((entry) => (
            <TrashRow key={entry.id} entry={entry} workspace={workspace} deletedByName={nameOf(entry.deletedBy)} now={now} />
          ))}
        </ul>
      ) : null}
      {trash.hasNextPage ? (
        <Button loading={trash.isFetchingNextPage} onClick={() => void trash.fetchNextPage()}>
          Load More
        </Button>
      ) : null}
      {dialog}
    </section>
  );
}
