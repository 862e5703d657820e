import { useDocumentTitle } from '@/hooks/use-document-title';
import { NotesPage } from '@/features/projects/components/notes-page/notes-page';
import { useCurrentWorkspace } from '@/lib/current-workspace';

/** /mobile/notes (spec pages §2): the workspace's notes by last update, with the desktop page's tools. */
export function MobileNotesRoute() {
  useDocumentTitle('Notes');
  const { currentWorkspace, loading } = useCurrentWorkspace();
  return (
    <>
      <h1 tabIndex={-1}>Notes</h1>
      {loading ? null : currentWorkspace ? <NotesPage workspaceId={currentWorkspace.id} /> : <p className="muted">Select a workspace from the menu to see its notes.</p>}
    </>
  );
}
