import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { toCalendarDate } from '@shared/rules/calendar-date';
import { showMentions } from '@shared/rules/mentions';
import { canAddEvents, DEFAULT_EVENT_START, EVENT_DURATION_MINUTES, type GoogleAccountView } from '@shared/schemas/google-calendar';
import type { TaskView } from '@shared/schemas/project';
import { Alert, Notice } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { SkeletonLines } from '@/components/ui/skeleton';
import { SelectField } from '@/components/ui/form-fields';
import { paths } from '@/config/paths';
import { apiErrorMessage } from '@/lib/api-client';
import { browserTimeZone } from '@/lib/clock';
import { calendarsNotSynced, GOOGLE_TEXTS, useCreateGoogleEvent, useGoogleAccounts, useSyncGoogleCalendar } from '@/features/google-calendar';
import { useWorkspaceMembers } from '@/features/members';

/** Event lengths offered (spec pages §9): 0.5 to 4 hours in half hours, 1 by default, from 09:00. */
export const EVENT_DURATIONS_HOURS = Array.from(
  { length: (EVENT_DURATION_MINUTES.max - EVENT_DURATION_MINUTES.min) / EVENT_DURATION_MINUTES.step + 1 },
  (_, index) => (EVENT_DURATION_MINUTES.min + index * EVENT_DURATION_MINUTES.step) / 60,
);
export const NOT_CONNECTED = 'Google Calendar is not connected yet. Connect an account to add events to its calendars.';
export const NO_WRITABLE_CALENDAR = 'Your connected Google calendars are read-only (such as holidays or calendars shared with you to view), so events cannot be added to them.';

/** The accounts as Add Event offers them: only the calendars Google lets the account add events to. */
function writableAccounts(accounts: readonly GoogleAccountView[]): GoogleAccountView[] {
  return accounts
    .filter((account) => !account.needsReconnect)
    .map((account) => ({ ...account, calendars: account.calendars.filter(canAddEvents) }))
    .filter((account) => account.calendars.length > 0);
}

function EventForm({ workspaceId, accounts, task, onDone }: { workspaceId: string; accounts: readonly GoogleAccountView[]; task: TaskView | null; onDone: () => void }) {
  const [accountId, setAccountId] = useState(accounts[0]?.id ?? '');
  const account = accounts.find((candidate) => candidate.id === accountId);
  const primary = (candidate: GoogleAccountView | undefined) => candidate?.calendars.find((calendar) => calendar.primary)?.id ?? candidate?.calendars[0]?.id ?? '';
  const [calendarId, setCalendarId] = useState(primary(account));
  const [title, setTitle] = useState(task?.title ?? '');
  const [date, setDate] = useState(task?.dueDate ?? toCalendarDate(new Date()));
  const [start, setStart] = useState(DEFAULT_EVENT_START);
  const [hours, setHours] = useState(String(EVENT_DURATION_MINUTES.default / 60));
  const create = useCreateGoogleEvent(workspaceId);
  const members = useWorkspaceMembers(workspaceId);
  // The event's description is plain text in Google: mentions go as `@Name`, never as `@[userId]` tokens.
  const nameOf = (userId: string) => members.data?.find((member) => member.userId === userId)?.displayName;
  // Sent once the members are read (or could not be), so that a mention goes with its name.
  const complete = Boolean(accountId && calendarId && title.trim() && date && start) && !members.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete) return;
    create.mutate(
      {
        accountId,
        calendarId,
        summary: title.trim(),
        ...(task?.description ? { description: showMentions(task.description, nameOf) } : {}),
        date,
        startTime: start,
        durationMinutes: Math.round(Number(hours) * 60),
        timeZone: browserTimeZone(),
      },
      { onSuccess: onDone },
    );
  };

  return (
    <form className="form" onSubmit={submit}>
      <div className="form-row">
        <SelectField
          label="Account"
          required
          value={accountId}
          onChange={(event) => {
            setAccountId(event.target.value);
            setCalendarId(primary(accounts.find((candidate) => candidate.id === event.target.value)));
          }}
        >
          {accounts.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.email}
            </option>
          ))}
        </SelectField>
        <SelectField label="Calendar" required value={calendarId} onChange={(event) => setCalendarId(event.target.value)}>
          {(account?.calendars ?? []).map((calendar) => (
            <option key={calendar.id} value={calendar.id}>
              {calendar.summary}
            </option>
          ))}
        </SelectField>
      </div>
      <Field label="Title" required value={title} onChange={(event) => setTitle(event.target.value)} />
      <div className="form-row">
        <Field label="Date" type="date" required value={date} onChange={(event) => setDate(event.target.value)} />
        <Field label="Start time" type="time" required value={start} onChange={(event) => setStart(event.target.value)} />
        <SelectField label="Duration" value={hours} onChange={(event) => setHours(event.target.value)}>
          {EVENT_DURATIONS_HOURS.map((value) => (
            <option key={value} value={String(value)}>
              {value === 1 ? '1 hour' : `${value} hours`}
            </option>
          ))}
        </SelectField>
      </div>
      {create.isError ? <Alert>{apiErrorMessage(create.error, GOOGLE_TEXTS.createEventFailed)}</Alert> : null}
      <div className="form-actions">
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="primary" loading={create.isPending} disabled={!complete}>
          Create Event
        </Button>
      </div>
    </form>
  );
}

/**
 * The add-event dialog (spec pages §2 Calendar, §5, §9): account, calendar, title, date, start time and
 * duration — from a task ('+ Add to Calendar') its title, description and due date are filled in. Without a
 * connected account the dialog says so and links to the Google Calendar page.
 */
export function AddEventDialog({ workspaceId, task, onClose }: { workspaceId: string; task: TaskView | null; onClose: () => void }) {
  const accounts = useGoogleAccounts(workspaceId);
  const connected = accounts.data ?? [];
  const usable = writableAccounts(connected);
  // Connected and working, yet nothing takes events: say why rather than 'not connected'.
  const onlyReadOnly = connected.some((account) => !account.needsReconnect);
  return (
    <Dialog title={task ? 'Add to Calendar' : 'Add Event'} onClose={onClose}>
      {accounts.isPending ? (
        <p className="muted" role="status">
          Loading your Google accounts…
        </p>
      ) : accounts.isError ? (
        <Alert>{apiErrorMessage(accounts.error, GOOGLE_TEXTS.loadFailed)}</Alert>
      ) : usable.length === 0 ? (
        <div className="form">
          <Notice>
            {onlyReadOnly ? NO_WRITABLE_CALENDAR : NOT_CONNECTED}{' '}
            <Link to={paths.app.integrationGoogleCalendar.getHref()}>{onlyReadOnly ? 'Google Calendar settings' : 'Connect Google Calendar'}</Link>
          </Notice>
          <div className="form-actions">
            <Button onClick={onClose}>Cancel</Button>
          </div>
        </div>
      ) : (
        <EventForm workspaceId={workspaceId} accounts={usable} task={task} onDone={onClose} />
      )}
    </Dialog>
  );
}

/** The calendar-sync card: where the Google Calendar connection stands, with Add Event and Refresh. */
export function CalendarSyncCard({ workspaceId, onAddEvent }: { workspaceId: string; onAddEvent: () => void }) {
  const accounts = useGoogleAccounts(workspaceId);
  const sync = useSyncGoogleCalendar(workspaceId);
  const list = accounts.data ?? [];
  const enabled = list.flatMap((account) => account.calendars).filter((calendar) => calendar.enabled).length;
  const notSynced = calendarsNotSynced(list);
  return (
    <Card title="Calendar Sync" className="calendar-sync">
      {accounts.isPending ? (
        <SkeletonLines label="Loading your Google Calendar connection" lines={2} />
      ) : !accounts.data ? (
        // The read failed: whether an account is connected is unknown, so it is not called 'not connected'.
        <LoadError what="your Google Calendar connection" message={GOOGLE_TEXTS.loadFailed} error={accounts.error} onRetry={() => void accounts.refetch()} />
      ) : list.length === 0 ? (
        <>
          <p className="muted">{NOT_CONNECTED}</p>
          <div className="form-actions form-actions-start">
            <Link to={paths.app.integrationGoogleCalendar.getHref()} className="btn btn-primary btn-sm">
              Connect Google Calendar
            </Link>
          </div>
        </>
      ) : (
        <>
          <p className="muted">
            {list.length === 1 ? '1 Google account' : `${list.length} Google accounts`}, {enabled === 1 ? '1 calendar shown' : `${enabled} calendars shown`}.
          </p>
          {list.some((account) => account.needsReconnect) ? <Alert>An account needs to be connected again.</Alert> : null}
          {notSynced.length > 0 ? <p className="warning-note">Not fully synced: {notSynced.join(', ')}. Calendar settings says why.</p> : null}
          {sync.isError ? <Alert>{apiErrorMessage(sync.error, GOOGLE_TEXTS.syncFailed)}</Alert> : null}
          <div className="form-actions form-actions-start">
            <Button size="sm" variant="primary" onClick={onAddEvent}>
              Add Event
            </Button>
            <Button size="sm" loading={sync.isPending} onClick={() => sync.mutate()}>
              Sync now
            </Button>
            <Link to={paths.app.integrationGoogleCalendar.getHref()} className="btn btn-ghost btn-sm">
              Calendar settings
            </Link>
          </div>
        </>
      )}
    </Card>
  );
}
