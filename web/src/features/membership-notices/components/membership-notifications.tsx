import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { MembershipNoticeList } from './membership-notice-list';
import { noticedWorkspaces } from './noticed-workspaces';
import './membership-notices.css';

/** What the bell says without notices: only what it covers, and where the team's doings are (no inbox yet). */
export const NO_WORKSPACE_NOTICES = 'No new workspaces to open.';

/**
 * The bell's panel: the notices of being added to workspaces. It does not claim that nothing happened when
 * it has none: what the team did is in the Dashboard's Team Activity, to which it links.
 */
export function MembershipNotifications() {
  const notices = noticedWorkspaces(useCurrentWorkspace().workspaces);
  return (
    <>
      <p className="popover-title">Notifications</p>
      {notices.length === 0 ? (
        <div className="muted">
          <p>{NO_WORKSPACE_NOTICES}</p>
          <p>
            What your team did is in <Link to={paths.app.dashboard.getHref()}>Team Activity on the Dashboard</Link>.
          </p>
        </div>
      ) : (
        <MembershipNoticeList notices={notices} />
      )}
    </>
  );
}
