import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useWorkspace } from './workspace-provider';

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}

const roleLabels = { owner: 'Owner', admin: 'Admin', member: 'Member' } as const;

/** The current workspace's read-only facts (spec core §2 Workspace Settings). */
export function WorkspaceDetails() {
  const { currentWorkspace, loading } = useWorkspace();

  if (loading) return <p className="muted" role="status">Loading workspace...</p>;
  if (!currentWorkspace) {
    return (
      <div className="empty-state">
        <p>No workspace selected</p>
        <Link to={paths.app.newWorkspace.getHref()} className="btn btn-primary">
          Create Workspace
        </Link>
      </div>
    );
  }

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
        <div className="field">
          <label htmlFor="workspace-role">Your Role</label>
          <input id="workspace-role" className="input" readOnly value={roleLabels[currentWorkspace.role]} />
        </div>
      </div>
    </section>
  );
}
