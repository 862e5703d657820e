import { describe, expect, it } from 'vitest';
import { formatRemaining, initialTimer, remainingMs, timerReducer, type TimerAction, type TimerState } from './pomodoro';

const run = (actions: TimerAction[], from: TimerState = initialTimer) => actions.reduce(timerReducer, from);
const MIN = 60_000;

describe('the focus timer', () => {
  it('counts down from 25 minutes by the clock, pauses and resumes where it was', () => {
    const running = run([{ type: 'start', now: 0 }]);
    expect(remainingMs(running, 10 * MIN)).toBe(15 * MIN);
    const paused = run([{ type: 'pause', now: 10 * MIN }], running);
    expect(remainingMs(paused, 99 * MIN)).toBe(15 * MIN);
    const resumed = run([{ type: 'start', now: 100 * MIN }], paused);
    expect(remainingMs(resumed, 105 * MIN)).toBe(10 * MIN);
  });

  it('shows the time it resumed with when its clock was last read during the pause', () => {
    const paused = run([{ type: 'start', now: 0 }, { type: 'pause', now: 10 * MIN }]);
    const resumed = run([{ type: 'start', now: 100 * MIN }], paused);
    expect(remainingMs(resumed, 10 * MIN)).toBe(15 * MIN);
  });

  it('is right after a long time in the background: one late tick ends the session', () => {
    const state = run([{ type: 'start', now: 0 }, { type: 'tick', now: 60 * MIN }]);
    expect(state).toEqual({ mode: 'shortBreak', status: 'paused', remainingMs: 5 * MIN, completedFocus: 1, finished: 'focus' });
  });

  it('gives a long break after every 4th focus, and focus after any break', () => {
    let state = initialTimer;
    const modes: string[] = [];
    let now = 0;
    for (let session = 0; session < 10; session += 1) {
      state = timerReducer(state, { type: 'start', now });
      now += 60 * MIN;
      state = timerReducer(state, { type: 'tick', now });
      modes.push(state.mode);
    }
    expect(modes).toEqual(['shortBreak', 'focus', 'shortBreak', 'focus', 'shortBreak', 'focus', 'longBreak', 'focus', 'shortBreak', 'focus']);
    expect(state.completedFocus).toBe(5);
  });

  it('reset restores the mode’s time; choosing a mode resets and pauses', () => {
    const started = run([{ type: 'start', now: 0 }]);
    expect(run([{ type: 'reset' }], started)).toEqual({ mode: 'focus', status: 'paused', remainingMs: 25 * MIN, completedFocus: 0 });
    expect(run([{ type: 'choose', mode: 'longBreak' }], started)).toEqual({ mode: 'longBreak', status: 'paused', remainingMs: 15 * MIN, completedFocus: 0 });
  });

  it('does nothing on a tick before the end, or when paused', () => {
    const running = run([{ type: 'start', now: 0 }]);
    expect(run([{ type: 'tick', now: 24 * MIN }], running)).toBe(running);
    expect(run([{ type: 'tick', now: 99 * MIN }])).toBe(initialTimer);
  });

  it('shows MM:SS, rounded up', () => {
    expect(formatRemaining(25 * MIN)).toBe('25:00');
    expect(formatRemaining(61_001)).toBe('01:02');
    expect(formatRemaining(0)).toBe('00:00');
  });
});
