import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initialTimer, timerReducer } from './pomodoro';
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
});
