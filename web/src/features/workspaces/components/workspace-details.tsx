import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { WorkspaceView } from '@shared/schemas/workspace';
import { formatDate } from '@/lib/format-date';
import { WorkspaceGate } from '@/components/workspace-gate';

/** The current workspace's read-only facts (spec core §2 Workspace Settings). */
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

function WorkspaceFacts({ workspace: currentWorkspace }: { workspace: WorkspaceView }) {
  return (
    <section className="card" aria-labelledby="workspace-general">
      <h2 id="workspace-general" className="card-title">
        General
      </h2>
      <div className="form form-readonly">
        <div className="field">
          <label htmlFor="workspace-name">Name</label>
          <input id="workspace-name" className="input" readOnly value={currentWorkspace.name} />
        </div>
        <div className="field">
          <label htmlFor="workspace-slug">Slug</label>
          <input id="workspace-slug" className="input" readOnly value={currentWorkspace.slug} />
        </div>
        <div className="field">
          <label htmlFor="workspace-created">Created</label>
          <input id="workspace-created" className="input" readOnly value={formatDate(currentWorkspace.createdAt)} />
        </div>
      </div>
    </section>
  );
}
