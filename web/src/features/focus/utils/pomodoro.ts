/**
 * The focus timer (spec pages §4 Focus timer, §9): modes focus (25 min), short break (5) and long break (15);
 * a long break after every 4th completed focus; a break returns to focus. Pure: the time comes in with each
 * action, and a running timer keeps the moment it ends, so the remaining time is right however rarely it is
 * looked at (a tab in the background gets few timer ticks).
 */
export const timerModes = ['focus', 'shortBreak', 'longBreak'] as const;
export type TimerMode = (typeof timerModes)[number];

export const MODE_MINUTES: Record<TimerMode, number> = { focus: 25, shortBreak: 5, longBreak: 15 };
export const MODE_LABELS: Record<TimerMode, string> = { focus: 'Focus', shortBreak: 'Short Break', longBreak: 'Long Break' };
export const FOCUS_SESSIONS_BEFORE_LONG_BREAK = 4;

const durationOf = (mode: TimerMode) => MODE_MINUTES[mode] * 60_000;

export type TimerState =
  | {
      readonly mode: TimerMode;
      readonly status: 'paused';
      readonly remainingMs: number;
      readonly completedFocus: number;
      /** The session that just ran out (said on screen and to screen readers until the next action). */
      readonly finished?: TimerMode;
    }
  | { readonly mode: TimerMode; readonly status: 'running'; readonly startedAt: number; readonly endsAt: number; readonly completedFocus: number };

export type TimerAction =
  | { type: 'start'; now: number }
  | { type: 'pause'; now: number }
  | { type: 'reset' }
  | { type: 'choose'; mode: TimerMode }
  | { type: 'tick'; now: number };

export const initialTimer: TimerState = { mode: 'focus', status: 'paused', remainingMs: durationOf('focus'), completedFocus: 0 };

/** The time left at `now`; a clock read from before the session started counts as its start. */
export function remainingMs(state: TimerState, now: number): number {
  return state.status === 'running' ? Math.max(0, state.endsAt - Math.max(now, state.startedAt)) : state.remainingMs;
}

/** What follows a finished session: a break after focus (long after every 4th), focus after a break. */
function nextMode(mode: TimerMode, completedFocus: number): TimerMode {
  if (mode !== 'focus') return 'focus';
  return completedFocus % FOCUS_SESSIONS_BEFORE_LONG_BREAK === 0 ? 'longBreak' : 'shortBreak';
}

export function timerReducer(state: TimerState, action: TimerAction): TimerState {
  switch (action.type) {
    case 'start':
      return state.status === 'running' ? state : { mode: state.mode, status: 'running', startedAt: action.now, endsAt: action.now + state.remainingMs, completedFocus: state.completedFocus };
    case 'pause':
      return state.status === 'paused' ? state : { mode: state.mode, status: 'paused', remainingMs: remainingMs(state, action.now), completedFocus: state.completedFocus };
    case 'reset':
      return { mode: state.mode, status: 'paused', remainingMs: durationOf(state.mode), completedFocus: state.completedFocus };
    case 'choose':
      return { mode: action.mode, status: 'paused', remainingMs: durationOf(action.mode), completedFocus: state.completedFocus };
    case 'tick': {
      if (state.status !== 'running' || action.now < state.endsAt) return state;
      // At 0 the timer stops and the next mode waits, paused.
      const completedFocus = state.completedFocus + (state.mode === 'focus' ? 1 : 0);
      const mode = nextMode(state.mode, completedFocus);
      return { mode, status: 'paused', remainingMs: durationOf(mode), completedFocus, finished: state.mode };
    }
  }
}

/** What is said when a session has run out: which one, and what comes next ('' otherwise). */
export function finishedMessage(state: TimerState): string {
  return state.status === 'paused' && state.finished ? `${MODE_LABELS[state.finished]} finished. ${MODE_LABELS[state.mode]} is next.` : '';
}

/** 'MM:SS', rounding up so the timer shows 00:00 only at the end. */
export function formatRemaining(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}
