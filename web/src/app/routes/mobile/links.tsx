import { Alert } from '@/components/ui/alert';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { NO_WORKSPACE_FOR_LINKS } from '@/features/links/api/links';
import { LinksList } from '@/features/links/components/links-list';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { AddLink } from '@/features/links/components/add-link';
import '@/features/links/components/links.css';

/** /mobile/links (spec pages §2): the add form, search, category filter, list and delete. */
export function MobileLinksRoute() {
  useDocumentTitle('Links');
  const { currentWorkspace, loading } = useCurrentWorkspace();
  return (
    <>
      <h1 tabIndex={-1}>Links</h1>
      {loading ? null : !currentWorkspace ? (
        <Alert>{NO_WORKSPACE_FOR_LINKS}</Alert>
      ) : (
        <div className="links-layout">
          <AddLink workspaceId={currentWorkspace.id} />
          <LinksList workspaceId={currentWorkspace.id} />
        </div>
      )}
    </>
  );
}
