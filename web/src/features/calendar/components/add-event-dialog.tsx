import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { TaskView } from '@shared/schemas/project';
import { Notice } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/form-fields';
import { paths } from '@/config/paths';

/** Event lengths offered (spec pages §9): 0.5 to 4 hours in half hours, 1 by default, from 09:00. */
export const EVENT_DURATIONS_HOURS = [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4] as const;
export const DEFAULT_EVENT_START = '09:00';
export const NOT_CONNECTED = 'Google Calendar is not connected yet. Connect an account to add events to its calendars.';

/**
 * The add-event dialog (spec pages §2 Calendar, §5): account, calendar, title, date, start time and
 * duration, filled from the task. No Google account can be connected yet (the integrations issue), so the
 * dialog says so and links to the Google Calendar page instead of failing; Create Event stays disabled.
 */
export function AddEventDialog({ task, onClose }: { task: TaskView; onClose: () => void }) {
  const [title, setTitle] = useState(task.title);
  const [date, setDate] = useState(task.dueDate ?? '');
  const [start, setStart] = useState(DEFAULT_EVENT_START);
  const [hours, setHours] = useState('1');
  return (
    <Dialog title="Add to Calendar" onClose={onClose}>
      <form className="form" onSubmit={(event) => event.preventDefault()}>
        <Notice>
          {NOT_CONNECTED} <Link to={paths.app.integrationGoogleCalendar.getHref()}>Connect Google Calendar</Link>
        </Notice>
        <div className="form-row">
          <SelectField label="Account" required disabled value="">
            <option value="">No account connected</option>
          </SelectField>
          <SelectField label="Calendar" required disabled value="">
            <option value="">No calendar</option>
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
        <div className="form-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" disabled>
            Create Event
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The calendar-sync card: where the page's Google Calendar connection stands. */
export function CalendarSyncCard() {
  return (
    <Card title="Calendar Sync" className="calendar-sync">
      <p className="muted">{NOT_CONNECTED}</p>
      <Link to={paths.app.integrationGoogleCalendar.getHref()} className="btn btn-primary btn-sm">
        Connect Google Calendar
      </Link>
    </Card>
  );
}
