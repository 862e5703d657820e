import { useSyncExternalStore } from 'react';
import { mediaQuery } from '@/breakpoints';
import { panelPlacement, shellRoom, storedPanelWidth, subscribeToShellLayout } from './chat-panel-layout';
import { cookieAssignment, readCookie } from '@/lib/cookies';

/**
 * Whether the AI chat panel is shown (spec core §9: kept in a cookie for 365 days, visible by default).
 * A tiny external store so the header toggle, the floating button and the panel share one value.
 *
 * Where the panel would cover the page (no room for 720 px of page beside it: chat-panel-layout.ts), it
 * opens only when asked to in this visit; the remembered choice applies again where it fits beside the page.
 */
export const CHAT_VISIBLE_COOKIE = 'aiChatVisible';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
export const NARROW_SCREEN_QUERY = mediaQuery('narrow');

const listeners = new Set<() => void>();
let openedThisVisit = false;

function readVisible(): boolean {
  return readCookie(document.cookie, CHAT_VISIBLE_COOKIE) !== 'false';
}

function readOverlay(): boolean {
  return panelPlacement(shellRoom(), storedPanelWidth()).overlay;
}

function readOpen(): boolean {
  return readVisible() && (openedThisVisit || !readOverlay());
}

/** The panel was opened by the user and has not yet taken the focus (it does once it shows). */
let focusRequested = false;

export function setChatPanelOpen(open: boolean): void {
  openedThisVisit = open;
  focusRequested = open;
  document.cookie = cookieAssignment(CHAT_VISIBLE_COOKIE, String(open), ONE_YEAR_SECONDS);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const stopFollowingLayout = subscribeToShellLayout(listener);
  return () => {
    listeners.delete(listener);
    stopFollowingLayout();
  };
}

/** Whether the chat panel is open now (the cookie, and on a narrow screen an explicit open). */
export function useChatPanelOpen(): boolean {
  return useSyncExternalStore(subscribe, readOpen);
}

/**
 * Whether the chat should take the focus when it shows: it was just opened (by the floating button, the
 * header or its More menu), not shown again on its own (back from /ai, a reload). chatFocusTaken clears it.
 */
export function chatFocusRequested(): boolean {
  return focusRequested;
}

export function chatFocusTaken(): void {
  focusRequested = false;
}
