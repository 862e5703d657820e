import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { apiErrorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format-date';
import { EXPORT_FAILED_TO_LOAD, EXPORT_FAILED_TO_START, useExport, type ExportTarget } from '../api/exports';

/**
 * One export's card (issue 39): the button that starts it, its progress, and once ready its files' download
 * links (each lasts minutes; the page reads fresh ones). Status changes are announced (role="status").
 */
export function ExportPanel({ target, title, description, buttonLabel }: { target: ExportTarget; title: string; description: ReactNode; buttonLabel: string }) {
  const { job, start } = useExport(target);
  const current = job.data;
  const pending = start.isPending || current?.status === 'pending';
  return (
    <Card title={title}>
      <p className="muted">{description}</p>
      <div>
        <Button variant="primary" loading={pending} disabled={pending} onClick={() => start.mutate()}>
          {buttonLabel}
        </Button>
      </div>
      {start.isError ? <Alert>{apiErrorMessage(start.error, EXPORT_FAILED_TO_START)}</Alert> : null}
      {job.isError ? <Alert>{apiErrorMessage(job.error, EXPORT_FAILED_TO_LOAD)}</Alert> : null}
      <div role="status" aria-live="polite">
        {current?.status === 'pending' ? <p>Preparing your export… You can leave this page: we will e-mail you when it is ready.</p> : null}
        {current?.status === 'done' ? <p>Your export of {formatDate(current.createdAt, 'dateTime')} is ready.</p> : null}
      </div>
      {current?.status === 'failed' ? <Alert>{current.error ?? EXPORT_FAILED_TO_START}</Alert> : null}
      {current?.status === 'done' ? (
        <ul aria-label="Export files" className="export-files">
          {current.files.map((file) => (
            <li key={file.name}>
              <a href={file.url} download={file.name}>
                Download {file.name}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

/** A project's export, for any member: on its page, on a computer and on a phone. */
export function ProjectExportPanel({ workspaceId, projectId }: { workspaceId: string; projectId: string }) {
  return (
    <ExportPanel
      target={{ kind: 'project', workspaceId, projectId }}
      title="Export"
      description="Its tasks, milestones, notes, comments and file list as one JSON file and a CSV per kind, built in the background."
      buttonLabel="Export project"
    />
  );
}
