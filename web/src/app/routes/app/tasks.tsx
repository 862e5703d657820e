import { PageHeader } from '@/components/ui/page-header';
import { NoWorkspaceCard } from '@/features/projects/components/no-workspace-card';
import { TasksPage } from '@/features/projects/components/tasks-page/tasks-page';
import { useCurrentWorkspace } from '@/lib/current-workspace';

/** /tasks (spec pages §2 Tasks page). */
export function TasksRoute() {
  const { currentWorkspace, loading } = useCurrentWorkspace();
  return (
    <div className="page">
      <PageHeader title="Tasks" description="Every task of the workspace, across its projects." />
      {loading ? null : currentWorkspace ? <TasksPage workspaceId={currentWorkspace.id} /> : <NoWorkspaceCard />}
    </div>
  );
}
