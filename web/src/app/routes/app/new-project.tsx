import { Navigate, useNavigate } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { WorkspaceGate } from '@/components/workspace-gate';
import { paths } from '@/config/paths';
import { CreateProjectForm } from '@/features/projects/components/create-project-form';
import { NoWorkspaceCard } from '@/features/projects/components/no-workspace-card';
import { withNotice } from '@/lib/route-notice';
import { useGoBack } from '@/hooks/use-go-back';

const SELECT_WORKSPACE_FIRST = 'Please select a workspace before creating a project';

/** /projects/new (spec core §2 Create Project): waits for the workspace; without one, back to the dashboard. */
export function NewProjectRoute() {
  const navigate = useNavigate();
  const goBack = useGoBack(paths.app.projects.getHref());

  return (
    <div className="page page-narrow">
      <WorkspaceGate
        none={
          <>
            <NoWorkspaceCard />
            <Navigate to={paths.app.dashboard.getHref()} replace state={withNotice(SELECT_WORKSPACE_FIRST)} />
          </>
        }
      >
        {(workspace) => (
          <>
            <PageHeader title="Create Project" description={workspace.name} />
            <div className="card">
              <CreateProjectForm workspaceId={workspace.id} onCreated={() => void navigate(paths.app.projects.getHref())} onCancel={goBack} />
            </div>
          </>
        )}
      </WorkspaceGate>
    </div>
  );
}
