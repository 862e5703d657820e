import { PageHeader } from '@/components/ui/page-header';
import { NoWorkspaceCard } from '@/features/projects/components/no-workspace-card';
import { NotesPage } from '@/features/projects/components/notes-page/notes-page';
import { useCurrentWorkspace } from '@/lib/current-workspace';

/** /notes (spec pages §2 Notes page). */
export function NotesRoute() {
  const { currentWorkspace, loading } = useCurrentWorkspace();
  return (
    <div className="page">
      <PageHeader title="Notes" description="Every note of the workspace, across its projects." />
      {loading ? null : currentWorkspace ? <NotesPage workspaceId={currentWorkspace.id} /> : <NoWorkspaceCard />}
    </div>
  );
}
