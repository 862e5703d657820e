import { Navigate, useNavigate } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { CreateProjectForm } from '@/features/projects/components/create-project-form';
import { NoWorkspaceCard } from '@/features/projects/components/no-workspace-card';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { withNotice } from '@/lib/route-notice';
import { useGoBack } from '@/hooks/use-go-back';

const SELECT_WORKSPACE_FIRST = 'Please select a workspace before creating a project';

/** /projects/new (spec core §2 Create Project): waits for the workspace; without one, back to the dashboard. */
export function NewProjectRoute() {
  const { currentWorkspace, loading } = useCurrentWorkspace();
  const navigate = useNavigate();
  const goBack = useGoBack(paths.app.projects.getHref());

  if (loading) {
    return (
      <div className="page page-narrow">
        <p className="muted" role="status">
          Loading workspace...
        </p>
      </div>
    );
  }
  if (!currentWorkspace) {
    return (
      <div className="page page-narrow">
        <NoWorkspaceCard />
        <Navigate to={paths.app.dashboard.getHref()} replace state={withNotice(SELECT_WORKSPACE_FIRST)} />
      </div>
    );
  }
  return (
    <div className="page page-narrow">
      <PageHeader title="Create Project" description={currentWorkspace.name} />
      <div className="card">
        <CreateProjectForm
          workspaceId={currentWorkspace.id}
          onCreated={() => void navigate(paths.app.projects.getHref())}
          onCancel={goBack}
        />
      </div>
    </div>
  );
}
