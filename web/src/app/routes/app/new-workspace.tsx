import { useNavigate } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { CreateWorkspaceForm } from '@/features/workspaces/components/create-workspace-form';
import { useGoBack } from '@/hooks/use-go-back';

export function NewWorkspaceRoute() {
  const navigate = useNavigate();
  const goBack = useGoBack(paths.app.dashboard.getHref());
  return (
    <div className="page page-narrow">
      <PageHeader title="Create Workspace" description="A workspace holds your team’s projects, tasks, notes and links." />
      <div className="card">
        <CreateWorkspaceForm
          onCreated={() => void navigate(paths.home.getHref())}
          onCancel={goBack}
        />
      </div>
    </div>
  );
}
