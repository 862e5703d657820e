import { timerModes, type TimerMode, type TimerState } from './pomodoro';
import { FOCUS_TIMER_KEY } from './running-session';

/**
 * The timer kept in the tab's session storage, so a session keeps running while its user looks at their
 * tasks and comes back (the page is left on every navigation) or reloads. Only the state goes in; the time
 * left is always read from the clock against its end moment.
 */
const isMode = (value: unknown): value is TimerMode => timerModes.includes(value as TimerMode);
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** The stored timer, or `fallback` when there is none or it is not one (storage is the user's to edit). */
export function loadTimer(fallback: TimerState): TimerState {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(FOCUS_TIMER_KEY) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return fallback;
    const { mode, status, completedFocus, remainingMs, startedAt, endsAt, finished } = stored as Record<string, unknown>;
    if (!isMode(mode) || !isCount(completedFocus)) return fallback;
    // A session ended on another page is still said when the timer's page opens.
    if (status === 'paused' && isCount(remainingMs)) return { mode, status, remainingMs, completedFocus, ...(isMode(finished) ? { finished } : {}) };
    if (status === 'running' && isCount(startedAt) && isCount(endsAt)) return { mode, status, startedAt, endsAt, completedFocus };
    return fallback;
  } catch {
    return fallback;
  }
}

export function saveTimer(state: TimerState): void {
  try {
    sessionStorage.setItem(FOCUS_TIMER_KEY, JSON.stringify(state));
  } catch {
    // Storage full or refused (private mode): the timer still works for this visit of the page.
  }
}
