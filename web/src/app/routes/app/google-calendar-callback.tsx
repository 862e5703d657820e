import { useEffect } from 'react';
import '@/features/google-calendar/components/google-calendar.css';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCompleteConnection } from '@/features/google-calendar/api/complete-connection';
import { GOOGLE_TEXTS } from '@/features/google-calendar/api/google-calendar';
import { useCurrentWorkspace } from '@/lib/current-workspace';

/** Spec pages §9: the page moves on to the Google Calendar settings 2 seconds after a connection. */
export const CALLBACK_REDIRECT_MS = 2_000;

/**
 * /integrations/google-calendar/callback (spec pages §2, §4, §5): where Google sends the browser back.
 * Processing, then success (on to the settings after 2 s, or at once with Continue to Settings) or error
 * (Try Again, Back to Integrations).
 */
export function GoogleCalendarCallbackRoute() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const { currentWorkspace, loading } = useCurrentWorkspace();
  const outcome = useCompleteConnection(currentWorkspace?.id, search, GOOGLE_TEXTS.callbackFailed);
  const settingsHref = paths.app.integrationGoogleCalendar.getHref();

  useEffect(() => {
    if (outcome.status !== 'success') return undefined;
    const timer = window.setTimeout(() => void navigate(settingsHref, { replace: true }), CALLBACK_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [outcome.status, navigate, settingsHref]);

  const failure =
    outcome.status === 'error' ? outcome.message : outcome.status === 'idle' ? GOOGLE_TEXTS.noCode : !loading && !currentWorkspace ? GOOGLE_TEXTS.noWorkspace : null;

  return (
    <div className="card callback-card">
      <h1 className="card-title">Google Calendar</h1>
      {failure ? (
        <>
          <h2>Connection failed</h2>
          <Alert>{failure}</Alert>
          <div className="form-actions">
            <Link to={settingsHref} className="btn btn-primary">
              Try Again
            </Link>
            <Link to={paths.app.integrations.getHref()} className="btn btn-secondary">
              Back to Integrations
            </Link>
          </div>
        </>
      ) : outcome.status === 'success' ? (
        <div role="status">
          <h2>Google Calendar connected</h2>
          <p>
            {outcome.email} is connected. Taking you to the Google Calendar settings…
          </p>
          <Link to={settingsHref} replace className="btn btn-primary">
            Continue to Settings
          </Link>
        </div>
      ) : (
        <div role="status" className="callback-processing">
          <Spinner />
          <p>Connecting your Google account…</p>
        </div>
      )}
    </div>
  );
}
