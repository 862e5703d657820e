import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { initials } from '@shared/rules/user-name';
import type { ActivityView } from '@shared/schemas/dashboard';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useNow } from '@/hooks/use-now';
import { timeAgo } from '@/lib/format-date';

/**
 * Where an event leads: the task, or the project of a milestone or note; nowhere for a member who joined,
 * nor when its task or project is gone (deleted, or its creation undone).
 */
function eventHref(event: ActivityView): string | null {
  if (!event.projectId || event.gone) return null;
  if (event.type.startsWith('task_') && event.itemId) return paths.app.projectTask.getHref(event.projectId, event.itemId);
  return paths.app.project.getHref(event.projectId);
}

/** One event as a sentence, its subject linked. */
function eventSentence(event: ActivityView): ReactNode {
  const href = eventHref(event);
  const subject = href ? (
    <Link to={href}>{event.subject}</Link>
  ) : event.gone ? (
    <>
      <strong>{event.subject}</strong> <span className="muted">(deleted)</span>
    </>
  ) : (
    <strong>{event.subject}</strong>
  );
  switch (event.type) {
    case 'task_created':
      return <>created the task {subject}</>;
    case 'task_completed':
      return <>completed the task {subject}</>;
    case 'task_assigned':
      return (
        <>
          assigned {subject} to <strong>{event.targetName}</strong>
        </>
      );
    case 'milestone_completed':
      return <>completed the milestone {subject}</>;
    case 'note_created':
      return <>wrote the note {subject}</>;
    case 'member_joined':
      return <>joined the workspace</>;
  }
}

/** The latest events of the team (spec core §2 Team Activity), newest first, their times kept current. */
export function TeamActivity({ activity }: { activity: readonly ActivityView[] }) {
  const now = useNow(30_000);
  return (
    <Card title="Team Activity">
      {activity.length === 0 ? (
        <p className="muted">No recent team activity</p>
      ) : (
        <ul className="activity-list">
          {activity.map((event) => (
            <li key={event.id} className="activity-row">
              <span className="avatar" aria-hidden="true">
                {initials(event.actorName) || '?'}
              </span>
              <span className="activity-text">
                <strong>{event.actorName}</strong> {eventSentence(event)}
              </span>
              <time className="activity-time" dateTime={event.at}>
                {timeAgo(event.at, now)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
