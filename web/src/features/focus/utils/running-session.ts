/**
 * The one thing the app shell needs from the stored focus timer: when its running session ends. Read on its
 * own, without the timer's code, so every page can notice the end (timer-storage.ts keeps the whole state).
 */
export const FOCUS_TIMER_KEY = 'taskflow.focusTimer';

/** When the stored session ends, or null when none is running (anything unreadable counts as none). */
export function runningSessionEnd(): number | null {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(FOCUS_TIMER_KEY) ?? 'null');
    const { status, endsAt } = (stored ?? {}) as { status?: unknown; endsAt?: unknown };
    return status === 'running' && typeof endsAt === 'number' && Number.isFinite(endsAt) ? endsAt : null;
  } catch {
    return null;
  }
}
