import { BellIcon } from '@/components/ui/icons';
import { Popover } from '@/components/ui/popover';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { noticedWorkspaces } from './noticed-workspaces';
import { MembershipNotifications } from './membership-notifications';

/**
 * The header's bell: a count of unseen notices on it (its name says the same, "Notifications, 2 new"),
 * the notices in its panel.
 */
export function NotificationsBell() {
  const unseen = noticedWorkspaces(useCurrentWorkspace().workspaces).length;
  return (
    <Popover
      button={
        <>
          <BellIcon />
          {unseen > 0 ? (
            <span className="notifications-badge" aria-hidden="true">
              {unseen > 9 ? '9+' : unseen}
            </span>
          ) : null}
        </>
      }
      buttonLabel={unseen > 0 ? `Notifications, ${unseen} new` : 'Notifications'}
      buttonClassName="btn btn-ghost btn-icon notifications-button"
      panelLabel="Notifications"
    >
      <MembershipNotifications />
    </Popover>
  );
}
