import { PageHeader } from '@/components/ui/page-header';
import { LinksWorkspace } from '@/features/links/components/links-workspace';

/** /links (spec pages §2 Links page): the workspace's bookmarks. */
export function LinksRoute() {
  return (
    <div className="page">
      <PageHeader title="Links" description="Bookmarks your team shares, by category." />
      <LinksWorkspace />
    </div>
  );
}
