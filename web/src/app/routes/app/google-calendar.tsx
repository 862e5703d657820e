import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ActionAlert, Alert, Notice } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useCompleteConnection } from '@/features/google-calendar/api/complete-connection';
import { calendarsNotSynced, GOOGLE_TEXTS, useGoogleAccounts, useSyncGoogleCalendar } from '@/features/google-calendar/api/google-calendar';
import { AccountsCard } from '@/features/google-calendar/components/accounts-card';
import { CalendarSettingsCard } from '@/features/google-calendar/components/calendar-settings-card';
import { IntegrationStats } from '@/features/google-calendar/components/integration-stats';
import { NotConnected } from '@/features/google-calendar/components/not-connected';
import { SyncPreferencesCard } from '@/features/google-calendar/components/sync-preferences-card';
import { IntegrationPage } from '@/features/integrations/components/integration-page';
import { integrations } from '@/features/integrations/data/catalogue';
import { useProjects } from '@/features/projects/api/get-projects';
import { WorkspaceMissing } from '@/components/workspace-gate';
import { NoWorkspaceCard } from '@/features/projects/components/no-workspace-card';
import { apiErrorMessage } from '@/lib/api-client';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import '@/features/google-calendar/components/google-calendar.css';
import { SkeletonLines } from '@/components/ui/skeleton';

const GOOGLE_CALENDAR_URL = 'https://calendar.google.com/';

/** The connection a redirect brought back (?code=…&state=…): completed, then the query is removed. */
function ConnectionBanner({ workspaceId }: { workspaceId: string }) {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const outcome = useCompleteConnection(workspaceId, search, GOOGLE_TEXTS.connectFailed);
  const hasQuery = search.length > 1;

  useEffect(() => {
    if (hasQuery && (outcome.status === 'success' || outcome.status === 'error')) void navigate(pathname, { replace: true, state: outcome });
  }, [hasQuery, outcome, navigate, pathname]);

  if (outcome.status === 'processing') {
    return (
      <div role="status" className="alert google-connecting">
        <Spinner size="sm" /> Connecting your Google account…
      </div>
    );
  }
  return null;
}

/** The result of a connection just completed, carried over the query's removal in the history state. */
function ConnectionResult() {
  const { state } = useLocation() as { state: { status?: string; message?: string; email?: string } | null };
  if (state?.status === 'error') {
    return (
      <Alert>
        <strong>Integration Error</strong> {state.message}
      </Alert>
    );
  }
  if (state?.status === 'success') return <Notice>{state.email} is connected.</Notice>;
  return null;
}

/** Refresh went through; calendars Google refused in part are named (Calendar Settings says why under each). */
function refreshedText(notSynced: readonly string[]): string {
  if (notSynced.length === 0) return 'Calendars refreshed';
  return `Calendars refreshed, but not all of ${notSynced.join(', ')} could be synced; see Calendar Settings.`;
}

/** /integrations/google-calendar (spec pages §2 Google Calendar page, the one real integration). */
export function GoogleCalendarRoute() {
  const { currentWorkspace } = useCurrentWorkspace();
  const workspaceId = currentWorkspace?.id;
  const accounts = useGoogleAccounts(workspaceId);
  // Archived ones too: a calendar may still be linked to one (the settings card offers only active ones).
  const projects = useProjects().data;
  const sync = useSyncGoogleCalendar(workspaceId ?? '');
  const list = accounts.data ?? [];
  const connected = list.length > 0;

  if (!workspaceId) return <WorkspaceMissing none={<NoWorkspaceCard />} />;

  return (
    <div className="page google-calendar-page">
      <IntegrationPage integration={integrations['google-calendar']} connected={connected}>
        <ConnectionBanner workspaceId={workspaceId} />
        <ConnectionResult />
        {accounts.isLoading ? (
          <SkeletonLines label="Loading Google Calendar…" lines={5} />
        ) : accounts.isError ? (
          <ActionAlert message={apiErrorMessage(accounts.error, GOOGLE_TEXTS.loadFailed)} actionLabel="Retry" onAction={() => void accounts.refetch()} />
        ) : connected ? (
          <div className="google-calendar-grid">
            <p className="google-connected-summary">
              <span className="integration-badge integration-badge-connected">
                {list.length === 1 ? '1 account connected' : `${list.length} accounts connected`}
              </span>
            </p>
            <AccountsCard workspaceId={workspaceId} accounts={list} />
            <CalendarSettingsCard workspaceId={workspaceId} accounts={list} projects={projects} />
            <SyncPreferencesCard />
            <Card title="Actions">
              {sync.isError ? <Alert>{apiErrorMessage(sync.error, GOOGLE_TEXTS.syncFailed)}</Alert> : null}
              {sync.isSuccess ? <Notice>{refreshedText(calendarsNotSynced(sync.data))}</Notice> : null}
              <div className="form-actions form-actions-start">
                <Button loading={sync.isPending} onClick={() => sync.mutate()}>
                  Refresh Calendars
                </Button>
                <a className="btn btn-secondary" href={GOOGLE_CALENDAR_URL} target="_blank" rel="noopener noreferrer">
                  Open Google Calendar<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </div>
            </Card>
            <IntegrationStats accounts={list} />
          </div>
        ) : (
          <NotConnected workspaceId={workspaceId} />
        )}
      </IntegrationPage>
    </div>
  );
}
