import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/** What a projects page shows without a current workspace (spec core §2 Create Project). */
export function NoWorkspaceCard() {
  return (
    <section className="empty-state card" aria-labelledby="no-workspace-selected-title">
      <h2 id="no-workspace-selected-title">No Workspace Selected</h2>
      <p className="muted">Projects live in a workspace. Choose or create one on the dashboard first.</p>
      <Link to={paths.app.dashboard.getHref()} className="btn btn-primary">
        Go to Dashboard
      </Link>
    </section>
  );
}
