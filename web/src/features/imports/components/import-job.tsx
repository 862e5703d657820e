import { Link } from 'react-router-dom';
import type { ImportPreview, ImportReport, ImportSkip, ImportView } from '@shared/schemas/import';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { ProgressBar } from '@/components/ui/progress-bar';
import { SkeletonLines } from '@/components/ui/skeleton';
import { apiErrorMessage } from '@/lib/api-client';
import { IMPORT_FAILED_TO_CANCEL, IMPORT_FAILED_TO_LOAD, IMPORT_FAILED_TO_START, useCancelImport, useImport, useStartImport } from '../api/imports';
import { countOf, formatCount, sourceLabel } from '../utils/sources';

/** The rows or cards skipped, with why, and how many more than the ones listed. */
function SkippedList({ skipped, skippedCount, heading }: { skipped: readonly ImportSkip[]; skippedCount: number; heading: string }) {
  if (skippedCount === 0) return null;
  const more = skippedCount - skipped.length;
  return (
    <>
      <h3>{heading}</h3>
      <ul aria-label={heading}>
        {skipped.map((skip, index) => (
          // The same place can be skipped for two reasons: the position tells them apart.
          <li key={`${index}-${skip.where}`}>
            {skip.where}: {skip.reason}
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="muted">and {formatCount(more)} more</p> : null}
    </>
  );
}

/** A preview's labels: the new ones, and those of the file the workspace has already (by name), which are used instead. */
function previewLabels(labels: number, matched: number): string {
  const made = countOf(labels, 'new label', 'new labels');
  if (matched === 0) return made;
  const match = matched === 1 ? 'matches an existing label' : 'match existing labels';
  return labels === 0 ? `No new labels: ${formatCount(matched)} ${match} by name` : `${made}, and ${formatCount(matched)} that ${match} by name`;
}

function CreatedList({ counts, label, labelsLine }: { counts: ImportReport['created']; label: string; labelsLine?: string }) {
  return (
    <ul aria-label={label}>
      <li>{countOf(counts.projects, 'project', 'projects')}</li>
      <li>{countOf(counts.tasks, 'task', 'tasks')}</li>
      <li>{countOf(counts.subtasks, 'sub-task', 'sub-tasks')}</li>
      <li>{labelsLine ?? countOf(counts.labels, 'label', 'labels')}</li>
      <li>{countOf(counts.comments, 'comment', 'comments')}</li>
    </ul>
  );
}

/** What the analysis found: what will be created, who is assigned, what cannot be kept, what is skipped. */
export function PreviewDetails({ preview }: { preview: ImportPreview }) {
  return (
    <div className="import-preview">
      <h3>What will be created</h3>
      <CreatedList counts={preview.create} label="What will be created" labelsLine={previewLabels(preview.create.labels, preview.labelsMatched)} />
      <p>
        Of the tasks, {formatCount(preview.withDueDate)} have a due date, {formatCount(preview.completed)} are completed and {formatCount(preview.archived)} are
        archived.
      </p>
      {preview.assigneesMatched.length > 0 ? (
        <>
          <h3>Assignees</h3>
          <ul aria-label="Assignees matched to members">
            {preview.assigneesMatched.map((match) => (
              <li key={match.source}>
                {match.source} → {match.memberName}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {preview.assigneesUnmatched.length > 0 ? (
        <p>
          No member matches {preview.assigneesUnmatched.join(', ')}: their tasks are left unassigned.
        </p>
      ) : null}
      {preview.notKept.length > 0 ? (
        <>
          <h3>What cannot be kept</h3>
          <ul aria-label="What cannot be kept">
            {preview.notKept.map((item) => (
              <li key={item.what}>
                {item.what} ({formatCount(item.count)})
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <SkippedList skipped={preview.skipped} skippedCount={preview.skippedCount} heading="Rows that will be skipped" />
    </div>
  );
}

/** What a finished import made, and what it skipped with why. */
export function ReportDetails({ report, projectsHref }: { report: ImportReport; projectsHref: string }) {
  return (
    <div className="import-report">
      <h3>Created</h3>
      <CreatedList counts={report.created} label="Created" />
      <SkippedList skipped={report.skipped} skippedCount={report.skippedCount} heading="Skipped" />
      <p>
        <Link to={projectsHref}>Go to Projects</Link>
      </p>
    </div>
  );
}

/** The words announced for each status. */
function statusLine(job: ImportView): string {
  switch (job.status) {
    case 'uploading':
      return 'The file’s upload did not finish.';
    case 'analyzing':
      return 'Checking the file… Nothing is imported yet.';
    case 'ready':
      return 'The file is checked. Nothing is imported until you start.';
    case 'running':
      return 'Importing… You can leave this page: the import goes on.';
    case 'done':
      return 'The import is done.';
    case 'failed':
      return 'The import failed. Nothing was imported.';
    case 'cancelled':
      return 'The import was cancelled.';
  }
}

/**
 * One import followed through its statuses (read again while the worker is busy): checking the file, the
 * preview with Start import and Cancel, the progress, the report or why it failed.
 */
export function ImportJob({ workspaceId, importId, projectsHref, onNewImport }: { workspaceId: string; importId: string; projectsHref: string; onNewImport: () => void }) {
  const job = useImport(workspaceId, importId);
  const start = useStartImport(workspaceId);
  const cancel = useCancelImport(workspaceId);
  if (job.isPending) return <SkeletonLines label="Loading the import" />;
  if (job.isError) return <LoadError what="the import" error={job.error} onRetry={() => void job.refetch()} message={IMPORT_FAILED_TO_LOAD} />;
  const current = job.data;
  const mayCancel = current.status === 'analyzing' || current.status === 'ready' || current.status === 'uploading';
  const finished = current.status === 'done' || current.status === 'failed' || current.status === 'cancelled' || current.status === 'uploading';

  return (
    <Card title={`Import of ${current.fileName}`}>
      <p className="muted">{sourceLabel(current.source)}</p>
      <div role="status" aria-live="polite">
        <p>{statusLine(current)}</p>
      </div>
      {current.status === 'ready' && current.preview ? <PreviewDetails preview={current.preview} /> : null}
      {current.status === 'running' ? (
        <ProgressBar
          label="Import progress"
          value={current.progress.done}
          max={current.progress.total}
          text={`${formatCount(current.progress.done)} of ${formatCount(current.progress.total)}`}
          className="import-progress"
        />
      ) : null}
      {current.status === 'done' && current.report ? <ReportDetails report={current.report} projectsHref={projectsHref} /> : null}
      {current.status === 'failed' && current.error ? <Alert>{current.error}</Alert> : null}
      {start.isError ? <Alert>{apiErrorMessage(start.error, IMPORT_FAILED_TO_START)}</Alert> : null}
      {cancel.isError ? <Alert>{apiErrorMessage(cancel.error, IMPORT_FAILED_TO_CANCEL)}</Alert> : null}
      <div className="form-actions">
        {mayCancel ? (
          <Button loading={cancel.isPending} disabled={cancel.isPending || start.isPending} onClick={() => cancel.mutate(current.id, { onSuccess: onNewImport })}>
            Cancel
          </Button>
        ) : null}
        {current.status === 'ready' ? (
          <Button variant="primary" loading={start.isPending} disabled={start.isPending || cancel.isPending} onClick={() => start.mutate(current.id)}>
            Start import
          </Button>
        ) : null}
        {finished ? (
          <Button variant={current.status === 'done' ? 'secondary' : 'primary'} onClick={onNewImport}>
            {current.status === 'done' ? 'Import another file' : 'Try another file'}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
