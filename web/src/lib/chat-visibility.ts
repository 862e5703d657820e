import { useSyncExternalStore } from 'react';
import { cookieAssignment, readCookie } from './cookies';

/**
 * Whether the AI chat panel is shown (spec core §9: kept in a cookie for 365 days, visible by default).
 * A tiny external store so the header toggle and the panel (a later feature) share one value.
 */
export const CHAT_VISIBLE_COOKIE = 'aiChatVisible';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

const listeners = new Set<() => void>();

function read(): boolean {
  return readCookie(document.cookie, CHAT_VISIBLE_COOKIE) !== 'false';
}

export function setChatVisible(visible: boolean): void {
  document.cookie = cookieAssignment(CHAT_VISIBLE_COOKIE, String(visible), ONE_YEAR_SECONDS);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useChatVisible(): boolean {
  return useSyncExternalStore(subscribe, read);
}
