import { WorkspaceGate } from '@/components/workspace-gate';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { NotesPage } from '@/features/projects/components/notes-page/notes-page';

/** /mobile/notes (spec pages §2): the workspace's notes by last update, with the desktop page's tools. */
export function MobileNotesRoute() {
  useDocumentTitle('Notes');
  return (
    <>
      <h1 tabIndex={-1}>Notes</h1>
      <WorkspaceGate none={<p className="muted">Select a workspace from the menu to see its notes.</p>}>
        {(workspace) => <NotesPage workspaceId={workspace.id} />}
      </WorkspaceGate>
    </>
  );
}
