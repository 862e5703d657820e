import { Alert } from '@/components/ui/alert';
import { WorkspaceGate } from '@/components/workspace-gate';
import { NO_WORKSPACE_FOR_LINKS } from '../api/links';
import { AddLink } from './add-link';
import { LinksList } from './links-list';
import './links.css';

/** The current workspace's links with the add form (/links and /mobile/links), or why there are none. */
export function LinksWorkspace() {
  return (
    <WorkspaceGate none={<Alert>{NO_WORKSPACE_FOR_LINKS}</Alert>}>
      {(workspace) => (
        <div className="links-layout">
          <AddLink workspaceId={workspace.id} />
          <LinksList workspaceId={workspace.id} />
        </div>
      )}
    </WorkspaceGate>
  );
}
