import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/ui/page-header';
import { paths } from '../../../config/paths';
import { CreateWorkspaceForm } from '../../../features/workspaces/components/create-workspace-form';

/** Whether the router has an earlier entry of this app to go back to (React Router keeps `idx` in history.state). */
function canGoBack(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && typeof state.idx === 'number' && state.idx > 0;
}

export function NewWorkspaceRoute() {
  const navigate = useNavigate();
  return (
    <div className="page page-narrow">
      <PageHeader title="Create Workspace" description="A workspace holds your team’s projects, tasks, notes and links." />
      <div className="card">
        <CreateWorkspaceForm
          onCreated={() => void navigate(paths.home.getHref())}
          onCancel={() => void (canGoBack() ? navigate(-1) : navigate(paths.app.dashboard.getHref()))}
        />
      </div>
    </div>
  );
}
