import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { LOAD_PREFERENCES_FAILED } from '@/features/settings/api/settings';
import { PasswordForm } from '@/features/settings/components/password-form';
import { PreferencesForm } from '@/features/settings/components/preferences-form';
import { AgentChangesCard } from '@/features/settings/components/agent-changes-card';
import { ExportPanel } from '@/features/exports';
import { CalendarFeedCard } from '@/features/settings/components/calendar-feed-card';
import { ApiTokensCard } from '@/features/settings/components/api-tokens-card';
import { KeyboardCard } from '@/features/settings/components/keyboard-card';
import { ThemeCard } from '@/features/settings/components/theme-card';
import { TwoFactorCard } from '@/features/settings/components/two-factor-card';
import { WorkingTimeCard } from '@/features/settings/components/working-time-card';
import { useAuth } from '@/lib/auth';
import { profileQueryOptions } from '@/features/settings/api/profile';
import '@/features/settings/components/settings.css';
import { SkeletonLines } from '@/components/ui/skeleton';
import { readFailure } from '@/lib/load-failure';

/** Where the current workspace's own settings and its members are (issue 32: reachable from Settings too). */
function WorkspaceCard() {
  const { currentWorkspace } = useCurrentWorkspace();
  // The phone layout shows these settings too, and has no page of the workspace's own to link to.
  const onPhone = useLocation().pathname.startsWith(paths.mobile.home.getHref());
  if (!currentWorkspace || onPhone) return null;
  return (
    <Card title="Workspace">
      <p className="muted">
        {currentWorkspace.name}: its name, the automatic weekly plan, dependencies, and the team members and invitations.
      </p>
      <Link to={paths.app.workspaceSettings.getHref()} className="btn">
        Workspace settings and members
      </Link>
    </Card>
  );
}

/** The calendar feed of the workspace the user is in. */
function CurrentCalendarFeedCard() {
  const { currentWorkspace } = useCurrentWorkspace();
  return currentWorkspace ? <CalendarFeedCard workspaceId={currentWorkspace.id} workspaceName={currentWorkspace.name} /> : null;
}

/** /settings (spec pages §2 Settings). */
export function SettingsRoute() {
  const profile = useQuery(profileQueryOptions());
  const { user } = useAuth();
  const failure = readFailure(profile);
  return (
    <div className="page">
      <PageHeader title="Settings" description="Your profile, theme, time zones, notifications, working time, calendar feed, keyboard, password, two-factor sign-in, API tokens, what AI agents changed as you, and an export of your data." />
      <div className="settings-page">
        {failure ? (
          <>
            <LoadError what="your preferences" message={LOAD_PREFERENCES_FAILED.replace(/\.$/, '')} error={failure.error} onRetry={() => void profile.refetch()} />
            <ThemeCard />
          </>
        ) : !profile.data ? (
          <SkeletonLines label="Loading preferences…" lines={6} />
        ) : (
          <>
            <PreferencesForm profile={profile.data} />
            <WorkingTimeCard profile={profile.data} />
          </>
        )}
        <WorkspaceCard />
        <CurrentCalendarFeedCard />
        <KeyboardCard />
        {user ? <PasswordForm /> : null}
        {user ? <TwoFactorCard email={user.email} /> : null}
        <ApiTokensCard />
        <AgentChangesCard />
        <ExportPanel
          target={{ kind: 'personal' }}
          title="Your data"
          description="Everything about you: your profile, the tasks assigned to you or made by you, your comments and your assistant conversations, in every workspace, as one JSON file."
          buttonLabel="Export my data"
        />
      </div>
    </div>
  );
}
