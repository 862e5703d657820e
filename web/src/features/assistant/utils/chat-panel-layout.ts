import { useSyncExternalStore } from 'react';
import { mediaQuery } from '@/breakpoints';
import { readStorage, storageKeys } from '@/lib/storage';

/**
 * Where the open AI chat panel goes: beside the page while the page keeps at least 720 px (the panel
 * narrowed down to its minimum first), else over the page. Squeezing the page below that broke the board
 * and the header; covering it leaves the page whole under the panel.
 */

/** The panel's width bounds and default (spec core §9). */
export const PANEL_MIN_WIDTH = 300;
export const PANEL_MAX_WIDTH = 800;
export const PANEL_DEFAULT_WIDTH = 400;
/** The page keeps at least this much beside the docked panel. */
export const MIN_PAGE_BESIDE_PANEL = 720;
/** At this width and below the sidebar is a drawer the header's Menu button opens. */
export const DRAWER_QUERY = mediaQuery('narrow');

const SIDEBAR_OPEN_REM = 16;
const SIDEBAR_COLLAPSED_REM = 4;

export function clampPanelWidth(width: number): number {
  return Math.round(Math.min(PANEL_MAX_WIDTH, Math.max(PANEL_MIN_WIDTH, width)));
}

/** The width the user gave the panel (remembered), or the default. */
export function storedPanelWidth(): number {
  const stored = Number(readStorage(storageKeys.chatPanelWidth));
  return stored ? clampPanelWidth(stored) : PANEL_DEFAULT_WIDTH;
}

export interface PanelPlacement {
  /** Over the page (its own width then: all the screen on a phone) instead of beside it. */
  readonly overlay: boolean;
  /** The docked panel's width: the wanted one, narrowed so the page keeps its 720 px. */
  readonly width: number;
}

/** The panel's place, given the room right of the sidebar (shared by the page and a docked panel). */
export function panelPlacement(room: number, wanted: number): PanelPlacement {
  const besidePage = room - MIN_PAGE_BESIDE_PANEL;
  if (besidePage < PANEL_MIN_WIDTH) return { overlay: true, width: wanted };
  return { overlay: false, width: Math.min(wanted, besidePage) };
}

/** The sidebar's width as the shell lays it out (app-shell.css): none as a drawer, else open or collapsed. */
function sidebarWidth(): number {
  if (typeof window.matchMedia === 'function' && window.matchMedia(DRAWER_QUERY).matches) return 0;
  const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  return (readStorage(storageKeys.sidebarCollapsed) === 'true' ? SIDEBAR_COLLAPSED_REM : SIDEBAR_OPEN_REM) * rem;
}

/** The width right of the sidebar. */
export function shellRoom(): number {
  return window.innerWidth - sidebarWidth();
}

const listeners = new Set<() => void>();

/** The sidebar was collapsed or opened, or the panel resized: the placement may change. */
export function shellLayoutChanged(): void {
  listeners.forEach((listener) => listener());
}

export function subscribeToShellLayout(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('resize', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('resize', listener);
  };
}

/** The room right of the sidebar, following the window and the sidebar. */
export function useShellRoom(): number {
  return useSyncExternalStore(subscribeToShellLayout, shellRoom);
}
