import { useCurrentWorkspace } from '@/lib/current-workspace';
import { MembershipNotice, noticedWorkspaces } from './membership-notice';
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
        <ul className="membership-notice-list">
          {notices.map((workspace) => (
            <MembershipNotice key={workspace.id} workspace={workspace} />
          ))}
        </ul>
      )}
    </>
  );
}
