import { useEffect, useState, type CSSProperties } from 'react';
import { matchesAnyLabel } from '@shared/rules/task-labels';
import { LabelFilter } from '@/features/labels';
import type { GoogleEventView } from '@shared/schemas/google-calendar';
import { Link } from 'react-router-dom';
import type { TaskView } from '@shared/schemas/project';
import { ActionAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PlusIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format-date';
import { eventDays, eventStartTime, eventTimeLabel, GOOGLE_TEXTS, useGoogleAccounts, useGoogleEvents, useShowMeetings, useSyncGoogleCalendar } from '@/features/google-calendar';
import { ParentTaskName } from '@/features/projects';
import { FETCH_CALENDAR_FAILED, useComingOccurrences, useMonthTasks, type ComingOccurrence } from '../api/month-tasks';
import { EVENTS_PER_CELL, monthOf, monthTitle, monthWeeks, moreInCell, shiftMonth, TASKS_PER_CELL, tasksByDay, WEEKDAYS } from '../utils/month-grid';
import { useToday } from '@/hooks/use-today';
import './calendar.css';

/**
 * A task on its due date; a completed one is struck through, a repeating task's coming occurrence (not yet
 * stored) is dashed and opens the task it will come from; each says so to screen readers.
 */
function TaskChip({ task }: { task: TaskView | ComingOccurrence }) {
  const coming = 'coming' in task;
  return (
    <Link
      to={paths.app.projectTask.getHref(task.projectId, task.id)}
      className={`calendar-task calendar-task-${task.priority}${task.completed ? ' is-completed' : ''}${coming ? ' is-coming' : ''}`}
    >
      {task.title}
      <ParentTaskName task={task} className="calendar-task-parent" />
      {task.completed ? <span className="visually-hidden"> (completed)</span> : null}
      {coming ? <span className="visually-hidden"> (repeats: a coming occurrence)</span> : null}
      {/* The chip's colour says the priority to the eye. */}
      <span className="visually-hidden">, {task.priority} priority</span>
    </Link>
  );
}

/** A Google Calendar event in its calendar's colour; it opens in Google Calendar. */
function EventChip({ event }: { event: GoogleEventView }) {
  const label = `${event.summary}, ${eventTimeLabel(event)}, ${event.calendarSummary}`;
  const content = (
    <>
      <span className="calendar-event-time">{eventStartTime(event)}</span> {event.summary}
    </>
  );
  const style = { '--event-color': event.color } as CSSProperties;
  return event.htmlLink.startsWith('https://') ? (
    <a href={event.htmlLink} target="_blank" rel="noopener noreferrer" className="calendar-event" style={style} aria-label={`${label} (opens Google Calendar)`}>
      {content}
    </a>
  ) : (
    <span className="calendar-event" style={style}>
      <span className="visually-hidden">{label}</span>
      <span aria-hidden="true">{content}</span>
    </span>
  );
}

/** The events on screen by day; the due dates written from tasks are left out (the tasks themselves show). */
function eventsByDay(events: readonly GoogleEventView[]): Map<string, GoogleEventView[]> {
  const byDay = new Map<string, GoogleEventView[]>();
  for (const event of events) {
    if (event.taskId) continue;
    for (const day of eventDays(event)) byDay.set(day, [...(byDay.get(day) ?? []), event]);
  }
  return byDay;
}

/** A day's events and tasks in full, each open task with '+ Add to Calendar'. */
function DayDialog({
  date,
  tasks,
  events,
  onAddToCalendar,
  onClose,
}: {
  date: string;
  tasks: readonly (TaskView | ComingOccurrence)[];
  events: readonly GoogleEventView[];
  onAddToCalendar: (task: TaskView) => void;
  onClose: () => void;
}) {
  return (
    <Dialog title={`Tasks due ${formatDate(date, 'weekdayDate')}`} onClose={onClose}>
      {events.length > 0 ? (
        <ul className="calendar-day-tasks" aria-label="Events">
          {events.map((event) => (
            <li key={`${event.calendarId}/${event.id}`}>
              <EventChip event={event} />
            </li>
          ))}
        </ul>
      ) : null}
      {tasks.length === 0 ? (
        <p className="muted">Nothing due this day.</p>
      ) : (
        <ul className="calendar-day-tasks">
          {tasks.map((task) => (
            <li key={`${task.id}/${task.dueDate ?? ''}`}>
              <TaskChip task={task} />
              {task.completed || 'coming' in task ? null : (
                <Button size="sm" variant="ghost" onClick={() => onAddToCalendar(task)} aria-label={`Add to Calendar: ${task.title}`}>
                  + Add to Calendar
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

/**
 * The month grid of /calendar (spec pages §2 Calendar): Sunday to Saturday, the tasks on their due
 * dates (open ones first, completed ones struck through; 3 a day, then '+N more' opens the day), previous
 * and next month, Today, Refresh and Add Task; a label filter (issue 36) shows only the tasks carrying a label.
 */
export function CalendarMonth({
  workspaceId,
  onAddTask,
  addTaskBlocked,
  onAddToCalendar,
}: {
  workspaceId: string;
  onAddTask: (date: string) => void;
  /** Why Add Task cannot be used yet (no project to add to), or null. */
  addTaskBlocked: string | null;
  onAddToCalendar: (task: TaskView) => void;
}) {
  const today = useToday();
  const [month, setMonth] = useState(monthOf(today));
  const [openDay, setOpenDay] = useState<string | null>(null);
  const weeks = monthWeeks(month);
  const from = weeks[0]?.[0] ?? `${month}-01`;
  const to = weeks.at(-1)?.[6] ?? `${month}-28`;
  const tasks = useMonthTasks(workspaceId, from, to);
  const coming = useComingOccurrences(workspaceId, from, to);
  const [labelFilter, setLabelFilter] = useState<readonly string[]>([]);
  const labelIds = new Set(labelFilter);
  const byDay = tasksByDay([...(tasks.data ?? []), ...(coming.data ?? [])].filter((task) => matchesAnyLabel(task, labelIds)));
  const connected = (useGoogleAccounts(workspaceId).data ?? []).length > 0;
  const showMeetings = useShowMeetings();
  const events = useGoogleEvents(workspaceId, { from, to }, { enabled: connected && showMeetings });
  const eventDaysMap = eventsByDay(connected && showMeetings ? (events.data ?? []) : []);
  const sync = useSyncGoogleCalendar(workspaceId);
  const { mutate: syncNow } = sync;
  // Opening the page brings the connected calendars up to date (what is stored shows meanwhile).
  useEffect(() => {
    if (connected) syncNow();
  }, [connected, syncNow]);

  return (
    <section className="calendar" aria-labelledby="calendar-month-title">
      <div className="calendar-toolbar">
        <h2 id="calendar-month-title" className="calendar-title" aria-live="polite">
          {monthTitle(month)}
        </h2>
        <div className="calendar-actions">
          <Button size="sm" variant="ghost" onClick={() => setMonth(shiftMonth(month, -1))} aria-label="Previous month">
            ‹
          </Button>
          <Button size="sm" onClick={() => setMonth(monthOf(today))}>
            Today
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setMonth(shiftMonth(month, 1))} aria-label="Next month">
            ›
          </Button>
          <Button
            size="sm"
            onClick={() => {
              void tasks.refetch();
              if (connected) sync.mutate();
            }}
            loading={(tasks.isFetching && !tasks.isPending) || sync.isPending}
          >
            Refresh
          </Button>
          <Button
            size="sm"
            variant="primary"
            disabled={addTaskBlocked !== null}
            title={addTaskBlocked ?? undefined}
            onClick={() => onAddTask(month === monthOf(today) ? today : `${month}-01`)}
          >
            <PlusIcon /> Add Task
          </Button>
        </div>
      </div>
      <LabelFilter value={labelFilter} onChange={setLabelFilter} className="calendar-label-filter" />
      {tasks.isError ? <ActionAlert message={FETCH_CALENDAR_FAILED} actionLabel="Retry" onAction={() => void tasks.refetch()} /> : null}
      {events.isError || sync.isError ? (
        <ActionAlert message={events.isError ? GOOGLE_TEXTS.loadFailed : GOOGLE_TEXTS.syncFailed} actionLabel="Retry" onAction={() => sync.mutate()} />
      ) : null}
      {tasks.isPending ? (
        <p className="muted" role="status">
          <Spinner size="sm" /> Loading calendar…
        </p>
      ) : null}
      <table className="calendar-grid">
        <thead>
          <tr>
            {WEEKDAYS.map((day) => (
              <th key={day} scope="col">
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((date) => {
                const dayTasks = byDay.get(date) ?? [];
                const dayEvents = eventDaysMap.get(date) ?? [];
                const shownEvents = dayEvents.slice(0, EVENTS_PER_CELL);
                const hidden = moreInCell(dayTasks.length, dayEvents.length);
                const classes = ['calendar-day', monthOf(date) === month ? '' : 'is-other-month', date === today ? 'is-today' : ''].filter(Boolean).join(' ');
                return (
                  <td key={date} className={classes}>
                    <button type="button" className="calendar-day-number" aria-current={date === today ? 'date' : undefined} onClick={() => setOpenDay(date)} aria-label={`${formatDate(date, 'weekdayDate')}, ${dayTasks.length} ${dayTasks.length === 1 ? 'task' : 'tasks'}${dayEvents.length > 0 ? `, ${dayEvents.length} ${dayEvents.length === 1 ? 'event' : 'events'}` : ''}`}>
                      {Number(date.slice(8))}
                    </button>
                    <ul className="calendar-day-list">
                      {shownEvents.map((event) => (
                        <li key={`${event.calendarId}/${event.id}`}>
                          <EventChip event={event} />
                        </li>
                      ))}
                      {dayTasks.slice(0, TASKS_PER_CELL).map((task) => (
                        <li key={`${task.id}/${task.dueDate ?? ''}`} className="calendar-task-item">
                          <TaskChip task={task} />
                          {task.completed || 'coming' in task ? null : (
                            <button
                              type="button"
                              className="calendar-task-add"
                              aria-label={`Add to Calendar: ${task.title}`}
                              title="+ Add to Calendar"
                              onClick={() => onAddToCalendar(task)}
                            >
                              <PlusIcon />
                            </button>
                          )}
                        </li>
                      ))}
                    </ul>
                    {hidden > 0 ? (
                      <button type="button" className="calendar-more" onClick={() => setOpenDay(date)}>
                        +{hidden} more
                      </button>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {openDay ? (
        <DayDialog
          date={openDay}
          tasks={byDay.get(openDay) ?? []}
          events={eventDaysMap.get(openDay) ?? []}
          onClose={() => setOpenDay(null)}
          onAddToCalendar={(task) => {
            setOpenDay(null);
            onAddToCalendar(task);
          }}
        />
      ) : null}
    </section>
  );
}
