import { Alert } from '@/components/ui/alert';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { NO_WORKSPACE_FOR_LINKS } from '../api/links';
import { AddLink } from './add-link';
import { LinksList } from './links-list';
import './links.css';

/** The current workspace's links with the add form (/links and /mobile/links), or why there are none. */
export function LinksWorkspace() {
  const { currentWorkspace, loading } = useCurrentWorkspace();
  if (loading) return null;
  if (!currentWorkspace) return <Alert>{NO_WORKSPACE_FOR_LINKS}</Alert>;
  return (
    <div className="links-layout">
      <AddLink workspaceId={currentWorkspace.id} />
      <LinksList workspaceId={currentWorkspace.id} />
    </div>
  );
}
