import { weekPreviewResult, type WeekPreviewResult } from '@shared/schemas/chat';
import { LabelChipsByName } from '@/features/labels';
import { formatDate } from '@/lib/format-date';

type PreviewTask = WeekPreviewResult['notFitting'][number] & { late?: true; overCapacity?: true };

function PreviewTaskRow({ task }: { task: PreviewTask }) {
  return (
    <li className="week-preview-task">
      {task.title}
      <span className="muted"> · {task.project}</span>
      {/* As the plan's card marks them: late against its due date, or on time only over capacity. */}
      {task.late ? <span className="week-preview-flag"> · late</span> : null}
      {task.overCapacity ? <span className="week-preview-flag"> · over capacity</span> : null}
      {/* Only a row with labels watches the workspace's labels. */}
      {task.labels?.length ? <LabelChipsByName names={task.labels} /> : null}
    </li>
  );
}

/**
 * The week the assistant's preview planned (issue 36), under its pill, folded: each day's tasks with their
 * project and labels (as chips, like task cards), and what would not fit. A result stored cut short (a very
 * full week) shows nothing here; the reply's text still says the plan.
 */
export function WeekPreview({ result }: { result: unknown }) {
  const parsed = weekPreviewResult.safeParse(result);
  if (!parsed.success) return null;
  const { days, notFitting } = parsed.data;
  const count = days.reduce((sum, day) => sum + day.tasks.length, 0);
  return (
    <details className="week-preview">
      <summary>
        Show the week ({count} {count === 1 ? 'task' : 'tasks'})
      </summary>
      <ul className="week-preview-days">
        {days.map((day) => (
          <li key={day.date}>
            <span className="week-preview-day">{formatDate(day.date, 'weekdayDate')}</span>
            {day.tasks.length === 0 ? (
              <span className="muted"> · free</span>
            ) : (
              <ul className="week-preview-tasks" aria-label={`Planned for ${formatDate(day.date, 'weekdayDate')}`}>
                {day.tasks.map((task) => (
                  <PreviewTaskRow key={task.id} task={task} />
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      {notFitting.length > 0 ? (
        <>
          <p className="week-preview-day">Would not fit</p>
          <ul className="week-preview-tasks" aria-label="Would not fit">
            {notFitting.map((task) => (
              <PreviewTaskRow key={task.id} task={task} />
            ))}
          </ul>
        </>
      ) : null}
    </details>
  );
}
