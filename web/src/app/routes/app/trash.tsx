import { PageHeader } from '@/components/ui/page-header';
import { TrashPage } from '@/features/trash/components/trash-page';
import { useCurrentWorkspace } from '@/lib/current-workspace';

/** The workspace's Trash (issue 37), reached from Workspace Settings (and the phone's menu). */
export function TrashRoute() {
  const { currentWorkspace } = useCurrentWorkspace();
  return (
    <div className="page page-narrow">
      <PageHeader title="Trash" />
      {currentWorkspace ? <TrashPage key={currentWorkspace.id} workspace={currentWorkspace} /> : null}
    </div>
  );
}
