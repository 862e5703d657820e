import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { WorkspaceView } from '@shared/schemas/workspace';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format-date';
import { WorkspaceGate } from '@/components/workspace-gate';
import { canChangeWorkspaceSettings } from '../utils/permissions';
import { RenameWorkspaceForm } from './rename-workspace-form';
import './workspace-details.css';

/** The current workspace's facts (spec core §2 Workspace Settings), with Rename for owners and admins. */
export function WorkspaceDetails() {
  return (
    // A list that could not be loaded is not the same as having no workspace (no Create Workspace offered).
    <WorkspaceGate none={<NoWorkspace />}>{(workspace) => <WorkspaceFacts workspace={workspace} />}</WorkspaceGate>
  );
}

function NoWorkspace() {
  return (
    <div className="empty-state">
      <p>No workspace selected</p>
      <Link to={paths.app.newWorkspace.getHref()} className="btn btn-primary">
        Create Workspace
      </Link>
    </div>
  );
}

/** Name, slug and created date as text; owners and admins may rename (a form in place of the name). */
function WorkspaceFacts({ workspace }: { workspace: WorkspaceView }) {
  const [renaming, setRenaming] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const mayRename = canChangeWorkspaceSettings(workspace.role);
  const closeRename = () => {
    setRenaming(false);
    // Back to the button that opened the form, which is shown again by then.
    requestAnimationFrame(() => renameButton.current?.focus());
  };

  return (
    <section className="card" aria-labelledby="workspace-general">
      <h2 id="workspace-general" className="card-title">
        General
      </h2>
      {renaming ? <RenameWorkspaceForm workspace={workspace} onDone={closeRename} /> : null}
      <dl className="workspace-facts">
        {renaming ? null : (
          <div>
            <dt>Name</dt>
            <dd className="workspace-fact-name">
              <span>{workspace.name}</span>
              {mayRename ? (
                <Button ref={renameButton} size="sm" onClick={() => setRenaming(true)} aria-label="Rename workspace">
                  Rename
                </Button>
              ) : null}
            </dd>
          </div>
        )}
        <div>
          <dt>Slug</dt>
          <dd>{workspace.slug}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>
            <time dateTime={workspace.createdAt}>{formatDate(workspace.createdAt)}</time>
          </dd>
        </div>
      </dl>
    </section>
  );
}
