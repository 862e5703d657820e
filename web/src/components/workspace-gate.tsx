import { Fragment, type ReactNode } from 'react';
import type { WorkspaceView } from '@shared/schemas/workspace';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { LoadError } from './ui/load-error';

const LOADING_WORKSPACE = 'Loading workspace...';

/**
 * What a page of the current workspace shows until there is one: 'Loading workspace...' while the list loads, "Couldn't
 * load your workspaces" with Retry when that read failed, and `none` (no workspace, create one) only when the
 * list really is empty: a failed read must not invite a duplicate workspace.
 */
export function WorkspaceMissing({ none, loadingLabel = LOADING_WORKSPACE }: { none: ReactNode; loadingLabel?: string }) {
  const { loading, error, failure, retry } = useCurrentWorkspace();
  // Said in words, as on the dashboard (spec core §2: 'Loading workspace...'), not only to screen readers.
  if (loading) {
    return (
      <p className="muted" role="status">
        {loadingLabel}
      </p>
    );
  }
  if (error) return <LoadError what="your workspaces" message={error} error={failure} onRetry={retry} />;
  return none;
}

/**
 * A page's content for the current workspace, or what WorkspaceMissing shows while there is none. The
 * content starts afresh in another workspace: a filter, a form or an open dialog of the previous one would
 * name its projects and items.
 */
export function WorkspaceGate({
  children,
  none,
  loadingLabel = LOADING_WORKSPACE,
}: {
  children: (workspace: WorkspaceView) => ReactNode;
  none: ReactNode;
  loadingLabel?: string;
}) {
  const { currentWorkspace } = useCurrentWorkspace();
  if (!currentWorkspace) return <WorkspaceMissing none={none} loadingLabel={loadingLabel} />;
  return <Fragment key={currentWorkspace.id}>{children(currentWorkspace)}</Fragment>;
}
