import { PageHeader } from '@/components/ui/page-header';
import { WorkspaceGate } from '@/components/workspace-gate';
import { NoWorkspaceCard } from '@/features/projects/components/no-workspace-card';
import { TasksPage } from '@/features/projects/components/tasks-page/tasks-page';

/** /tasks (spec pages §2 Tasks page). */
export function TasksRoute() {
  return (
    <div className="page">
      <PageHeader title="Tasks" description="Every task of the workspace, across its projects." />
      <WorkspaceGate none={<NoWorkspaceCard />}>{(workspace) => <TasksPage workspaceId={workspace.id} />}</WorkspaceGate>
    </div>
  );
}
