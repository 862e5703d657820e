import { useDocumentTitle } from '@/hooks/use-document-title';

/** A link to a project of another of the user's workspaces: opening that workspace is their choice. */
export function ProjectInOtherWorkspace({ workspace, onOpen }: { workspace: { id: string; name: string }; onOpen: (workspaceId: string) => void }) {
  useDocumentTitle('Project in another workspace');
  return (
    <section className="empty-state card" aria-labelledby="project-elsewhere">
      <h1 id="project-elsewhere" className="page-title">
        This project is in another workspace
      </h1>
      <p className="muted">It belongs to {workspace.name}, which is not the workspace open now.</p>
      <button type="button" className="btn btn-primary" onClick={() => onOpen(workspace.id)}>
        Open {workspace.name}
      </button>
    </section>
  );
}
