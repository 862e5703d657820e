/** What other parts of the app use of the inbox: its bell's count and panel, and its cache key (for pushes). */
export { inboxKeys, useInboxUnreadCount } from './api/inbox';
export { InboxPanel, type InboxPanelProps } from './components/inbox-panel';
