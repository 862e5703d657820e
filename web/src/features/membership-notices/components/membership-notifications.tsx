import { useCurrentWorkspace } from '@/lib/current-workspace';
import { MembershipNoticeList } from './membership-notice-list';
import { noticedWorkspaces } from './noticed-workspaces';
import './membership-notices.css';

/** The bell's panel: the notices of being added to workspaces, else the spec's empty text. */
export function MembershipNotifications() {
  const notices = noticedWorkspaces(useCurrentWorkspace().workspaces);
  return (
    <>
      <p className="popover-title">Notifications</p>
      {notices.length === 0 ? (
        <p className="muted">You have no notifications.</p>
      ) : (
        <MembershipNoticeList notices={notices} />
      )}
    </>
  );
}
