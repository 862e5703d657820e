import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { toCalendarDate } from '@shared/rules/calendar-date';
import type { TaskView } from '@shared/schemas/project';
import { paths } from '@/config/paths';
import { priorityLabels } from '../../utils/labels';
import { dueDateLabel, estimateLabel, isOverdue } from '../../utils/task-labels';
import { AssigneeAvatar } from '../assignee';
import '../priority-badge.css';

/** A task's title (a link that opens the Edit Task dialog) and its facts: priority, due date, estimate, assignee. */
export function TaskCardBody({ task, linked = true }: { task: TaskView; linked?: boolean }) {
  const today = toCalendarDate(new Date());
  const title = <span className="task-card-title-text">{task.title}</span>;
  return (
    <div className="task-card-body">
      {linked ? (
        <Link className="task-card-title" to={paths.app.projectTask.getHref(task.projectId, task.id)} draggable={false}>
          {title}
        </Link>
      ) : (
        <span className="task-card-title">{title}</span>
      )}
      <div className="task-card-meta">
        <span className={`priority-badge priority-${task.priority}`}>{priorityLabels[task.priority]}</span>
        {task.dueDate ? (
          <span className={isOverdue(task, today) ? 'task-due task-due-overdue' : 'task-due'}>
            <span className="visually-hidden">Due </span>
            {dueDateLabel(task.dueDate, today)}
          </span>
        ) : null}
        {task.timeEstimate !== null ? (
          <span className="task-estimate">
            <span className="visually-hidden">Estimate </span>
            {estimateLabel(task.timeEstimate)}
          </span>
        ) : null}
        <AssigneeAvatar userId={task.assignedTo} />
      </div>
    </div>
  );
}

/** A card on the overview or the board; `handle` is the board's drag handle. */
export function TaskCard({ task, handle, linked, className }: { task: TaskView; handle?: ReactNode; linked?: boolean; className?: string }) {
  return (
    <div className={['task-card', task.completed ? 'task-card-completed' : '', className].filter(Boolean).join(' ')}>
      {handle}
      <TaskCardBody task={task} {...(linked === undefined ? {} : { linked })} />
    </div>
  );
}

/** The drag handle: the keyboard's way to pick a card up (the pointer can take the whole card). */
export function DragHandle({
  title,
  attributes,
  listeners,
  setRef,
}: {
  title: string;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  setRef: (element: HTMLElement | null) => void;
}) {
  return (
    <button
      ref={setRef}
      type="button"
      className="task-drag-handle"
      {...attributes}
      onKeyDown={(event) => listeners?.onKeyDown?.(event)}
      aria-label={`Move task ${title}`}
      title="Drag to another column"
    >
      <span aria-hidden="true">⠿</span>
    </button>
  );
}
