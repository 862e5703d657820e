import { beep, prepareBeep } from './beep';
import { finishedMessage, initialTimer, timerReducer } from './pomodoro';
import { loadTimer, saveTimer } from './timer-storage';

/** A session found ended longer ago than this (the tab was closed, or asleep) is reported, not beeped. */
const LATE_BEEP_MS = 5_000;

/**
 * Ends the stored session that has run out while its user was on another page: the next mode waits, as on
 * the timer's page, with a beep if the page may make sound (browsers allow it once the user has pressed
 * something on it). Returns what to tell the user, or null when no session had run out.
 */
export function endRunningSession(now: number): string | null {
  const state = loadTimer(initialTimer);
  if (state.status !== 'running' || state.endsAt > now) return null;
  const ended = timerReducer(state, { type: 'tick', now });
  saveTimer(ended);
  if (now - state.endsAt < LATE_BEEP_MS && navigator.userActivation.hasBeenActive) {
    prepareBeep();
    beep();
  }
  return finishedMessage(ended);
}
