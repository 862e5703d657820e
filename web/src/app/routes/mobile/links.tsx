import { useDocumentTitle } from '@/hooks/use-document-title';
import { LinksWorkspace } from '@/features/links/components/links-workspace';

/** /mobile/links (spec pages §2): the add form, search, category filter, list and delete. */
export function MobileLinksRoute() {
  useDocumentTitle('Links');
  return (
    <>
      <h1 tabIndex={-1}>Links</h1>
      <LinksWorkspace />
    </>
  );
}
