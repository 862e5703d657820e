import { useEffect } from 'react';
import { useLocation, useMatch, useNavigate } from 'react-router-dom';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { runningSessionEnd } from '../utils/running-session';

/**
 * Ends a focus session that runs out while its user works on another page of the app: a beep and a toast
 * that stays until used or closed (a pomodoro's end is the one thing a user away from the timer waits for).
 * The timer's own page ends it there. Only the end moment is read here; the rest loads when it comes.
 */
export function FocusSessionWatcher() {
  const onTimerPage = useMatch(paths.app.focus.path) !== null;
  // Read again after each navigation: leaving the timer's page is when a session starts to be watched.
  const { key } = useLocation();
  const toast = useToast();
  const navigate = useNavigate();

  useEffect(() => {
    if (onTimerPage) return undefined;
    const endsAt = runningSessionEnd();
    if (endsAt === null) return undefined;
    // Fetched now, so the end is told even if the network has gone by then.
    const sessionEnd = import('../utils/session-end');
    const timer = window.setTimeout(() => {
      void sessionEnd.then(({ endRunningSession }) => {
        const message = endRunningSession(Date.now());
        if (message) toast.info(message, { label: 'Open Focus Mode', onAction: () => navigate(paths.app.focus.getHref()) });
      });
    }, Math.max(0, endsAt - Date.now()));
    return () => window.clearTimeout(timer);
  }, [onTimerPage, key, toast, navigate]);
  return null;
}
