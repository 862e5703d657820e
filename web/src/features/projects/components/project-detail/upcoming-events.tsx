import { addDays } from '@shared/rules/calendar-date';
import { formatDate } from '@/lib/format-date';
import { eventDays, eventTimeLabel, useGoogleAccounts, useGoogleEvents, useShowMeetings } from '@/features/google-calendar';
import { SkeletonLines } from '@/components/ui/skeleton';
import { useToday } from '@/hooks/use-today';
import { ColorDot } from '../color-dot';

/** How far ahead the Overview looks for the project's events. */
export const UPCOMING_EVENT_DAYS = 14;
const SHOWN = 5;

/**
 * The next two weeks' events of the Google calendars the user linked to this project (spec pages §2:
 * a calendar linked to a project shows there). Nothing is shown without a linked calendar.
 */
export function UpcomingEvents({ workspaceId, projectId }: { workspaceId: string; projectId: string }) {
  const linked = (useGoogleAccounts(workspaceId).data ?? []).some((account) => account.calendars.some((calendar) => calendar.projectId === projectId));
  const showMeetings = useShowMeetings();
  const connected = linked && showMeetings;
  const today = useToday();
  const events = useGoogleEvents(workspaceId, { from: today, to: addDays(today, UPCOMING_EVENT_DAYS) }, { projectId, enabled: connected });
  const upcoming = (events.data ?? []).filter((event) => !event.taskId).slice(0, SHOWN);
  if (!connected) return null;
  return (
    <section className="overview-section" aria-labelledby="overview-upcoming-events">
      <div className="section-header">
        <h2 id="overview-upcoming-events" className="section-title">
          Upcoming Events
        </h2>
      </div>
      {events.isError ? (
        <p className="muted">Failed to load Google Calendar data</p>
      ) : events.isPending ? (
        <SkeletonLines label="Loading events…" lines={2} />
      ) : upcoming.length === 0 ? (
        <p className="muted">No events in the next {UPCOMING_EVENT_DAYS} days.</p>
      ) : (
        <ul className="upcoming-events">
          {upcoming.map((event) => (
            <li key={`${event.calendarId}/${event.id}`} className="upcoming-event">
              <ColorDot color={event.color} />
              <span className="upcoming-event-text">
                <strong>{event.summary}</strong>
                <span className="muted">
                  {formatDate(eventDays(event)[0] ?? today, 'weekdayDate')} · {eventTimeLabel(event)} · {event.calendarSummary}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
