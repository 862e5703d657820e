import { useEffect, useRef, useState } from 'react';
import type { ImportView } from '@shared/schemas/import';
import type { WorkspaceView } from '@shared/schemas/workspace';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { SkeletonLines } from '@/components/ui/skeleton';
import { canManageMembers } from '@/features/members';
import { formatDate } from '@/lib/format-date';
import { IMPORTS_FAILED_TO_LOAD, isResumable, useImports } from '../api/imports';
import { IMPORT_OWNERS_ONLY, sourceLabel, statusLabels } from '../utils/sources';
import { ImportJob } from './import-job';
import { NewImportForm } from './new-import-form';
import './imports.css';

function RecentImports({ imports }: { imports: readonly ImportView[] }) {
  return (
    <Card title="Recent imports">
      {imports.length === 0 ? (
        <p className="muted">No imports yet.</p>
      ) : (
        <ul className="import-list" aria-label="Recent imports">
          {imports.map((job) => (
            <li key={job.id} className="import-list-row">
              <span className="import-list-file">{job.fileName}</span>
              <span className="muted">
                {sourceLabel(job.source)} · {formatDate(job.createdAt, 'dateTime')}
              </span>
              <span className={`import-status import-status-${job.status}`}>{statusLabels[job.status]}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/**
 * Workspace Settings → Import (issue 39), for owners and admins. After a reload the latest import, if it is
 * being checked, waiting to start or running, is shown again where it was; otherwise a new one can begin.
 */
export function ImportPage({ workspace, projectsHref }: { workspace: WorkspaceView; projectsHref: string }) {
  if (!canManageMembers(workspace.role)) return <p className="muted">{IMPORT_OWNERS_ONLY}</p>;
  return <Imports workspaceId={workspace.id} projectsHref={projectsHref} />;
}

function Imports({ workspaceId, projectsHref }: { workspaceId: string; projectsHref: string }) {
  const imports = useImports(workspaceId);
  // undefined until the person chooses: the latest import if it is still under way, else a new one (null).
  const [followed, setFollowed] = useState<string | null | undefined>(undefined);
  const latest = imports.data?.[0];
  const shown = followed === undefined ? (latest && isResumable(latest) ? latest.id : null) : followed;
  // When the person moves to the next step, focus goes to it: the button they pressed is gone with its step.
  const step = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  const follow = (importId: string | null) => {
    moved.current = true;
    setFollowed(importId);
  };
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    step.current?.focus();
  }, [shown]);
  if (imports.isPending) return <SkeletonLines label="Loading the imports" />;
  if (imports.isError) return <LoadError what="the imports" error={imports.error} onRetry={() => void imports.refetch()} message={IMPORTS_FAILED_TO_LOAD} />;

  return (
    <>
      <div ref={step} tabIndex={-1} className="import-step">
        {shown ? (
          <ImportJob key={shown} workspaceId={workspaceId} importId={shown} projectsHref={projectsHref} onNewImport={() => follow(null)} />
        ) : (
          <Card title="New import">
            <p className="muted">
              Bring projects and tasks in from another tool. The file is checked first: you see what will be created before anything is imported.
            </p>
            <NewImportForm workspaceId={workspaceId} onUploaded={follow} />
          </Card>
        )}
      </div>
      <RecentImports imports={imports.data} />
    </>
  );
}
