import { Alert } from '@/components/ui/alert';
import { PageHeader } from '@/components/ui/page-header';
import { NO_WORKSPACE_FOR_LINKS } from '@/features/links/api/links';
import { AddLink } from '@/features/links/components/add-link';
import { LinksList } from '@/features/links/components/links-list';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import '@/features/links/components/links.css';

/** /links (spec pages §2 Links page): the workspace's bookmarks. */
export function LinksRoute() {
  const { currentWorkspace, loading } = useCurrentWorkspace();
  return (
    <div className="page">
      <PageHeader title="Links" description="Bookmarks your team shares, by category." />
      {loading ? null : !currentWorkspace ? (
        <Alert>{NO_WORKSPACE_FOR_LINKS}</Alert>
      ) : (
        <div className="links-layout">
          <AddLink workspaceId={currentWorkspace.id} />
          <LinksList workspaceId={currentWorkspace.id} />
        </div>
      )}
    </div>
  );
}
