/**
 * What the app shell uses of the assistant without loading the chat (which it loads lazily): whether the
 * chat panel is open, and where it goes beside the page.
 */
export { chatFocusRequested, chatFocusTaken, setChatPanelOpen, useChatPanelOpen } from './utils/chat-visibility';
export { DRAWER_QUERY, shellLayoutChanged } from './utils/chat-panel-layout';
