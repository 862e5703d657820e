import { BellIcon } from '@/components/ui/icons';
import { Popover } from '@/components/ui/popover';
import { InboxPanel, useInboxUnreadCount, type InboxPanelProps } from '@/features/inbox';
import './membership-notices.css';

/** The bell's name: what it opens and how many of its notices are unread ("Notifications, 3 unread"). */
export const bellLabel = (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications');

/**
 * The header's bell (issue 37): the count of unread inbox notices on it (its name says the same), the
 * inbox in its panel. Notices of being added to a workspace are in the inbox too; their Open, Leave and
 * Dismiss are on the banner above the page (membership-notice-banner.tsx) until acknowledged.
 */
export function NotificationsBell(props: Omit<InboxPanelProps, 'onOpened'>) {
  const unread = useInboxUnreadCount().data ?? 0;
  return (
    <Popover
      button={
        <>
          <BellIcon />
          {unread > 0 ? (
            <span className="notifications-badge" aria-hidden="true">
              {unread > 9 ? '9+' : unread}
            </span>
          ) : null}
        </>
      }
      buttonLabel={bellLabel(unread)}
      buttonClassName="btn btn-ghost btn-icon notifications-button"
      panelLabel="Notifications"
      panelClassName="inbox-popover"
    >
      {(close) => <InboxPanel {...props} onOpened={close} />}
    </Popover>
  );
}
