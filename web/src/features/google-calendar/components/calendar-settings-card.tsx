import { useState } from 'react';
import { canAddEvents, type GoogleAccountView, type GoogleCalendarView } from '@shared/schemas/google-calendar';
import type { ProjectSummary } from '@shared/schemas/project';
import { Alert, Notice } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectField } from '@/components/ui/form-fields';
import { Switch } from '@/components/ui/switch';
import { useTransientFlag } from '@/hooks/use-transient-flag';
import { apiErrorMessage } from '@/lib/api-client';
import { GOOGLE_TEXTS, useSaveCalendarSettings } from '../api/google-calendar';

type Setting = Pick<GoogleCalendarView, 'enabled' | 'projectId'>;
/** The user's unsaved changes only; everything else shows what is stored. */
type Draft = Record<string, Setting>;

const draftKey = (accountId: string, calendarId: string) => `${accountId}\n${calendarId}`;

/**
 * A calendar's project link: the workspace's active projects, and the linked one even when it is archived
 * (marked so). A project deleted since it was linked is no link (the server drops it on save). `projects`
 * is undefined until the list is read: the link is then kept as it is.
 */
function ProjectLinkSelect({
  calendar,
  projectId,
  projects,
  onChange,
}: {
  calendar: GoogleCalendarView;
  projectId: string | null;
  projects: readonly ProjectSummary[] | undefined;
  onChange: (projectId: string | null) => void;
}) {
  const known = projectId === null || projects === undefined || projects.some((project) => project.id === projectId);
  const offered = (projects ?? []).filter((project) => !project.archived || project.id === projectId);
  return (
    <SelectField label={`Project for ${calendar.summary}`} value={known ? (projectId ?? '') : ''} onChange={(event) => onChange(event.target.value || null)}>
      <option value="">No project link</option>
      {projects === undefined && projectId !== null ? <option value={projectId}>Linked project</option> : null}
      {offered.map((project) => (
        <option key={project.id} value={project.id}>
          {project.archived ? `${project.name} (archived)` : project.name}
        </option>
      ))}
    </SelectField>
  );
}

export const READ_ONLY_NOTE = "Read-only in Google: its events are shown, but due dates can't be added to it, so it can't be linked to a project.";

/**
 * Calendar Settings (spec pages §2): the calendars of each account, each with an enable switch, its colour,
 * description and Primary badge, and once enabled a project link (only for calendars Google lets the
 * account write to: a read-only one says why it has none). What the last sync could not do for a calendar
 * is shown under it. Save Settings writes each account whose calendars changed.
 */
export function CalendarSettingsCard({
  workspaceId,
  accounts,
  projects,
}: {
  workspaceId: string;
  accounts: readonly GoogleAccountView[];
  /** Every project of the workspace, archived ones included; undefined while loading. */
  projects: readonly ProjectSummary[] | undefined;
}) {
  const [draft, setDraft] = useState<Draft>({});
  const save = useSaveCalendarSettings(workspaceId);
  const saved = useTransientFlag();
  const entry = (accountId: string, calendar: GoogleCalendarView): Setting => draft[draftKey(accountId, calendar.id)] ?? calendar;
  const change = (accountId: string, calendar: GoogleCalendarView, patch: Partial<Setting>) =>
    setDraft((current) => ({ ...current, [draftKey(accountId, calendar.id)]: { ...(current[draftKey(accountId, calendar.id)] ?? calendar), ...patch } }));

  const changedAccounts = accounts.filter((account) =>
    account.calendars.some((calendar) => {
      const now = entry(account.id, calendar);
      return now.enabled !== calendar.enabled || (now.enabled && now.projectId !== calendar.projectId);
    }),
  );

  const submit = async () => {
    for (const account of changedAccounts) {
      await save.mutateAsync({
        accountId: account.id,
        calendars: account.calendars.map((calendar) => {
          const { enabled, projectId } = entry(account.id, calendar);
          // A read-only calendar cannot keep a link (one from before it turned read-only goes).
          return { id: calendar.id, enabled, projectId: enabled && canAddEvents(calendar) ? projectId : null };
        }),
      });
    }
    setDraft({});
    saved.raise();
  };

  return (
    <Card title="Calendar Settings">
      <p className="muted">Choose the calendars to show on the Calendar page, and link a calendar to a project to see its events in that project.</p>
      {accounts.map((account) => (
        <section key={account.id} className="google-calendar-group" aria-label={`Calendars of ${account.email}`}>
          <h3 className="google-calendar-group-title">{account.email}</h3>
          {account.calendars.length === 0 ? <p className="muted">This account has no calendars.</p> : null}
          <ul className="google-calendar-list">
            {account.calendars.map((calendar) => {
              const { enabled, projectId } = entry(account.id, calendar);
              return (
                <li key={calendar.id} className="google-calendar-item">
                  <Switch
                    checked={enabled}
                    onChange={(checked) => change(account.id, calendar, { enabled: checked })}
                    label={
                      <span className="google-calendar-name">
                        <span className="calendar-color-dot" style={{ background: calendar.backgroundColor }} aria-hidden="true" />
                        {calendar.summary}
                        {calendar.primary ? <span className="badge">Primary</span> : null}
                        {canAddEvents(calendar) ? null : <span className="badge">Read-only</span>}
                      </span>
                    }
                    description={calendar.description || undefined}
                  />
                  {enabled && !canAddEvents(calendar) ? <p className="muted google-calendar-note">{READ_ONLY_NOTE}</p> : null}
                  {enabled && canAddEvents(calendar) ? (
                    <ProjectLinkSelect calendar={calendar} projectId={projectId} projects={projects} onChange={(link) => change(account.id, calendar, { projectId: link })} />
                  ) : null}
                  {calendar.syncError ? <p className="warning-note">Last sync: {calendar.syncError}</p> : null}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      {save.isError ? <Alert>{apiErrorMessage(save.error, GOOGLE_TEXTS.saveFailed)}</Alert> : null}
      {saved.on ? <Notice>Calendar settings saved</Notice> : null}
      <div className="form-actions">
        <Button variant="primary" loading={save.isPending} disabled={changedAccounts.length === 0} onClick={() => void submit().catch(() => undefined)}>
          Save Settings
        </Button>
      </div>
    </Card>
  );
}
