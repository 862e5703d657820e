import { PageHeader } from '@/components/ui/page-header';
import { WorkspaceGate } from '@/components/workspace-gate';
import { NoWorkspaceCard } from '@/features/projects/components/no-workspace-card';
import { NotesPage } from '@/features/projects/components/notes-page/notes-page';

/** /notes (spec pages §2 Notes page). */
export function NotesRoute() {
  return (
    <div className="page">
      <PageHeader title="Notes" description="Every note of the workspace, across its projects." />
      <WorkspaceGate none={<NoWorkspaceCard />}>{(workspace) => <NotesPage workspaceId={workspace.id} />}</WorkspaceGate>
    </div>
  );
}
