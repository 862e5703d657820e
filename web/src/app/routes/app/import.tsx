import { useLocation } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { ImportPage } from '@/features/imports/components/import-page';
import { useCurrentWorkspace } from '@/lib/current-workspace';

/** Import (issue 39), reached from Workspace Settings (and the phone's menu). */
export function ImportRoute() {
  const { currentWorkspace } = useCurrentWorkspace();
  const onPhone = useLocation().pathname.startsWith(paths.mobile.home.getHref());
  return (
    <div className="page page-narrow">
      <PageHeader title="Import" />
      {currentWorkspace ? (
        <ImportPage key={currentWorkspace.id} workspace={currentWorkspace} projectsHref={onPhone ? paths.mobile.projects.getHref() : paths.app.projects.getHref()} />
      ) : null}
    </div>
  );
}
