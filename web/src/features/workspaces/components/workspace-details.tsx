import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format-date';
import { ActionAlert } from '@/components/ui/alert';
import { useCurrentWorkspace } from '@/lib/current-workspace';

/** The current workspace's read-only facts (spec core §2 Workspace Settings). */
export function WorkspaceDetails() {
  const { currentWorkspace, loading, error, retry } = useCurrentWorkspace();

  if (loading) return <p className="muted" role="status">Loading workspace...</p>;
  // A list that could not be loaded is not the same as having no workspace (no Create Workspace offered).
  if (error) return <ActionAlert message={error} actionLabel="Retry" onAction={retry} />;
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
      </div>
    </section>
  );
}
