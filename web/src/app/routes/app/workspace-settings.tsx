import { PageHeader } from '../../../components/ui/page-header';
import { WorkspaceDetails } from '../../../features/workspaces/components/workspace-details';

/** Workspace settings; members, invitations and the danger zone come with the members feature. */
export function WorkspaceSettingsRoute() {
  return (
    <div className="page page-narrow">
      <PageHeader title="Workspace Settings" />
      <WorkspaceDetails />
    </div>
  );
}
