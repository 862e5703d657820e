import { useEffect, useReducer, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { APP_NAME } from '@/hooks/use-document-title';
import { useNow } from '@/hooks/use-now';
import { beep, prepareBeep } from '../utils/beep';
import { finishedMessage, formatRemaining, initialTimer, MODE_LABELS, remainingMs, timerModes, timerReducer } from '../utils/pomodoro';
import { loadTimer, saveTimer } from '../utils/timer-storage';
import './focus.css';

const PAGE_TITLE = `Focus Mode · ${APP_NAME}`;

/**
 * /focus (spec pages §2 Focus Mode, §4): the pomodoro timer with its modes, Start/Pause and Reset. The time
 * left is read from the clock (the end moment is kept, across navigation and reloads), shown in the tab's
 * title while running, and a beep marks the end of a session.
 */
export function FocusTimer() {
  const [state, dispatch] = useReducer(timerReducer, initialTimer, loadTimer);
  const running = state.status === 'running';
  // Only a running session needs the clock; a paused one keeps its time left.
  const now = useNow(running ? 250 : null).getTime();
  const left = remainingMs(state, now);

  // A session that ran out while no page watched it (a reload or a closed tab; elsewhere in the app the
  // shell's FocusSessionWatcher ends it) ends quietly when the page opens: the end moment it opened with, if past.
  const endedWhileAway = useRef(state.status === 'running' && state.endsAt <= now ? state.endsAt : null);
  // Ends the session once its time is up (checked at every tick, however late the tick comes, as in a
  // background tab), with a beep: only a session that ran out beeps, never a pause or a mode chosen while running.
  useEffect(() => {
    if (state.status !== 'running') return;
    if (left === 0 && state.endsAt !== endedWhileAway.current) beep();
    dispatch({ type: 'tick', now });
  }, [state, now, left]);
  useEffect(() => saveTimer(state), [state]);
  // A session still running after a reload has no sound yet: browsers allow it from the page's next press.
  useEffect(() => {
    if (!running) return undefined;
    const gestures = ['pointerdown', 'keydown'] as const;
    gestures.forEach((gesture) => window.addEventListener(gesture, prepareBeep, { once: true }));
    return () => gestures.forEach((gesture) => window.removeEventListener(gesture, prepareBeep));
  }, [running]);

  useEffect(() => {
    document.title = running ? `${formatRemaining(left)} · ${MODE_LABELS[state.mode]} · ${APP_NAME}` : PAGE_TITLE;
  }, [running, left, state.mode]);
  useEffect(() => () => void (document.title = PAGE_TITLE), []);

  return (
    <Card title="Pomodoro" className="focus-timer">
      <div className="focus-modes" role="group" aria-label="Mode">
        {timerModes.map((mode) => (
          <Button key={mode} size="sm" variant={state.mode === mode ? 'primary' : 'ghost'} aria-pressed={state.mode === mode} onClick={() => dispatch({ type: 'choose', mode })}>
            {MODE_LABELS[mode]}
          </Button>
        ))}
      </div>
      <p className="focus-time" role="timer" aria-label={`${MODE_LABELS[state.mode]} time left`}>
        {formatRemaining(left)}
      </p>
      <div className="focus-controls">
        <Button
          variant="primary"
          onClick={() => {
            if (running) return dispatch({ type: 'pause', now: Date.now() });
            prepareBeep();
            dispatch({ type: 'start', now: Date.now() });
          }}
        >
          {running ? 'Pause' : 'Start'}
        </Button>
        <Button onClick={() => dispatch({ type: 'reset' })}>Reset</Button>
      </div>
      {/* The end of a session is said, not only beeped: always present, so the change is announced. */}
      <p className="focus-finished" role="status">
        {finishedMessage(state)}
      </p>
      <p className="muted focus-sessions">
        Completed focus sessions: {state.completedFocus}. A long break comes after every 4th.
      </p>
    </Card>
  );
}
