import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initialTimer, timerReducer } from './pomodoro';
import { runningSessionEnd } from './running-session';
import { endRunningSession } from './session-end';
import { loadTimer, saveTimer } from './timer-storage';

/** The tab's session storage, as a Map (unit tests run in Node). */
function fakeSessionStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

describe('the focus timer in session storage', () => {
  beforeEach(() => vi.stubGlobal('sessionStorage', fakeSessionStorage()));

  it('gives back a running session with its end moment, and a paused one with its time left', () => {
    const running = timerReducer(initialTimer, { type: 'start', now: 1_000 });
    saveTimer(running);
    expect(loadTimer(initialTimer)).toEqual(running);
    const paused = timerReducer(running, { type: 'pause', now: 61_000 });
    saveTimer(paused);
    expect(loadTimer(initialTimer)).toEqual({ ...initialTimer, remainingMs: 25 * 60_000 - 60_000 });
  });

  it('starts afresh from nothing, or from anything that is not a timer', () => {
    expect(loadTimer(initialTimer)).toBe(initialTimer);
    for (const stored of ['{', '"x"', '{"mode":"nap","status":"paused","remainingMs":1,"completedFocus":0}', '{"mode":"focus","status":"running","completedFocus":0}']) {
      sessionStorage.setItem('taskflow.focusTimer', stored);
      expect(loadTimer(initialTimer)).toBe(initialTimer);
    }
  });

  it("tells the shell when the running session ends, and nothing for a paused or unreadable one", () => {
    expect(runningSessionEnd()).toBeNull();
    const running = timerReducer(initialTimer, { type: 'start', now: 1_000 });
    saveTimer(running);
    expect(runningSessionEnd()).toBe(1_000 + 25 * 60_000);
    saveTimer(timerReducer(running, { type: 'pause', now: 2_000 }));
    expect(runningSessionEnd()).toBeNull();
    for (const stored of ['{', 'null', '7', '{"status":"running","endsAt":"soon"}']) {
      sessionStorage.setItem('taskflow.focusTimer', stored);
      expect(runningSessionEnd()).toBeNull();
    }
  });

  it('ends a session that ran out elsewhere into the next mode, once, and says so', () => {
    vi.stubGlobal('navigator', { userActivation: { hasBeenActive: false } });
    const running = timerReducer(initialTimer, { type: 'start', now: 1_000 });
    saveTimer(running);
    const endsAt = 1_000 + 25 * 60_000;
    expect(endRunningSession(endsAt - 1)).toBeNull();
    expect(loadTimer(initialTimer)).toEqual(running);
    expect(endRunningSession(endsAt)).toBe('Focus finished. Short Break is next.');
    expect(loadTimer(initialTimer)).toMatchObject({ mode: 'shortBreak', status: 'paused', completedFocus: 1, finished: 'focus' });
    expect(endRunningSession(endsAt + 1)).toBeNull();
  });
});
