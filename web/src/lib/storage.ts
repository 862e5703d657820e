/**
 * Every key the app keeps in localStorage, in one place. Reads and writes never throw: storage can be
 * unavailable (private mode, quota, disabled cookies) and the app must still work without it.
 */
export const storageKeys = {
  /** 'light' | 'dark' | 'system' (default). */
  theme: 'theme',
  /** The id of the workspace chosen in the switcher. */
  currentWorkspaceId: 'currentWorkspaceId',
  /** 'true' when the sidebar is collapsed to 4rem. */
  sidebarCollapsed: 'sidebarCollapsed',
  /** The AI chat panel's width in pixels (300 to 800). */
  chatPanelWidth: 'chatPanelWidth',
  /** JSON { primary, secondary } of IANA zone names for the header clock. */
  timezoneConfig: 'timezoneConfig',
  /** JSON { [workspaceId]: DailyPlan } — the local daily plan (spec core §3), the latest per workspace. */
  dailyPlans: 'dailyPlans',
  /** 'off' when the user turned the single-key shortcuts ('/', 'c', '?') off (WCAG 2.1.4); absent: on. */
  singleKeyShortcuts: 'singleKeyShortcuts',
  /** JSON { [userId]: … } — how each user likes /tasks: tab, density, order, grouping (the view is the profile's default or the address's). */
  taskListViews: 'taskListViews',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Not persisted; the in-memory state still applies for this visit.
  }
}
