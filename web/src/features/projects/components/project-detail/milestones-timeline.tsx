import type { MilestoneView } from '@shared/schemas/project';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format-date';

/** The milestones in due-date order, each with its completed toggle, Edit and Delete. */
export function MilestonesTimeline({
  milestones,
  onToggle,
  onEdit,
  onDelete,
}: {
  milestones: readonly MilestoneView[];
  onToggle: (milestone: MilestoneView) => void;
  onEdit: (milestone: MilestoneView) => void;
  onDelete: (milestone: MilestoneView) => void;
}) {
  if (milestones.length === 0) return <p className="muted">No milestones yet</p>;
  const ordered = [...milestones].sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  return (
    <ol className="timeline">
      {ordered.map((milestone) => (
        <li key={milestone.id} className={milestone.completed ? 'timeline-item is-completed' : 'timeline-item'}>
          <span className="timeline-dot" aria-hidden="true" />
          <div className="timeline-content">
            <label className="checkbox-row timeline-title">
              <input type="checkbox" checked={milestone.completed} onChange={() => onToggle(milestone)} />
              <span>{milestone.title}</span>
            </label>
            <p className="timeline-date muted">Due {formatDate(milestone.dueDate)}</p>
            {milestone.description ? <p className="timeline-description">{milestone.description}</p> : null}
          </div>
          <div className="timeline-actions">
            <Button size="sm" variant="ghost" aria-label={`Edit milestone ${milestone.title}`} onClick={() => onEdit(milestone)}>
              Edit
            </Button>
            <Button size="sm" variant="ghost" aria-label={`Delete milestone ${milestone.title}`} onClick={() => onDelete(milestone)}>
              Delete
            </Button>
          </div>
        </li>
      ))}
    </ol>
  );
}
