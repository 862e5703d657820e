import { memo } from 'react';
import type { ProjectSummary, TaskView } from '@shared/schemas/project';
import { Button } from '@/components/ui/button';
import { useIsTaskSelected } from '../../hooks/use-task-selection';
import { ColorDot } from '../color-dot';
import { TaskCardBody } from '../task-board/task-card';
import './task-list.css';

/**
 * A task on /tasks (spec pages §2, §4) and in the project's Tasks tab as a list (there without its project,
 * `project` undefined): the completion circle, its facts, its project and the Focus button
 * (due today; there on every open card, unavailable on one already due today). A task on its way out (completed or reopened here) fades for 500 ms first.
 * Memoised: the page gives every row the same handlers, so a keystroke in the search or a push renders only
 * the rows that changed. Whether it is selected for a bulk edit (issue 36) it reads from TaskSelectionContext,
 * so a toggle renders that row alone.
 */
export const TaskListItem = memo(function TaskListItem({
  task,
  project,
  leaving,
  dueToday,
  onToggle,
  onFocus,
  onSelect,
}: {
  task: TaskView;
  project: ProjectSummary | undefined;
  leaving: boolean;
  dueToday: boolean;
  onToggle: (task: TaskView) => void;
  onFocus: (task: TaskView) => void;
  /** A click on its checkbox: `range` when Shift was held. */
  onSelect: (taskId: string, range: boolean) => void;
}) {
  const selected = useIsTaskSelected(task.id);
  // While it fades, the circle already shows what the click did (the write is sent once the fade ends).
  const completed = leaving ? !task.completed : task.completed;
  return (
    <li className={leaving ? 'task-list-item is-leaving' : 'task-list-item'} data-task-id={task.id}>
      <label className="task-select">
        {/* A click (Space too) with Shift held selects the range; React's change event does not say. */}
        <input type="checkbox" checked={selected} readOnly onClick={(event) => onSelect(task.id, event.shiftKey)} />
        <span className="visually-hidden">Select {task.title}</span>
      </label>
      <button
        type="button"
        className={completed ? 'completion-circle is-complete' : 'completion-circle'}
        aria-pressed={completed}
        aria-label={task.completed ? `Mark ${task.title} not completed` : `Complete ${task.title}`}
        onClick={() => onToggle(task)}
        disabled={leaving}
      >
        <span aria-hidden="true">{completed ? '✓' : ''}</span>
      </button>
      <div className="task-list-main task-card">
        <TaskCardBody task={task} />
        {project ? (
          <span className="task-list-project">
            <ColorDot color={project.color} />
            {project.name}
          </span>
        ) : null}
      </div>
      {task.completed ? null : (
        <Button
          size="sm"
          variant="ghost"
          // aria-disabled, not disabled: pressing it makes the task due today, and focus stays on it.
          onClick={dueToday ? undefined : () => onFocus(task)}
          aria-disabled={dueToday || undefined}
          aria-label={`Focus on ${task.title} today`}
          title={dueToday ? 'Already due today' : 'Set the due date to today'}
        >
          Focus
        </Button>
      )}
    </li>
  );
});
