import { useCallback, useId, useLayoutEffect, useMemo, useRef } from 'react';
import { toCalendarDate } from '@shared/rules/calendar-date';
import { topLevelTasks } from '@shared/rules/subtasks';
import type { TaskView } from '@shared/schemas/project';
import { useLatest } from '@/hooks/use-latest';
import { useReportWriteFailure } from '@/hooks/use-report-write-failure';
import { useToday } from '@/hooks/use-today';
import { UPDATE_TASK_FAILED, useUpdateTask } from '../../api/task-mutations';
import { moveTakingFocus, useColumnMove } from '../../hooks/use-column-move';
import { TaskSelectionContext, useTaskSelection } from '../../hooks/use-task-selection';
import { boardColumns, columnTasks } from '../../utils/task-groups';
import { QuickAddTask } from '../quick-add/quick-add-task';
import { SelectedTasksBar } from '../tasks-page/bulk-bar';
import { TaskListItem } from '../tasks-page/task-list-item';

/** The row's control that takes the focus back when the row moves to another group. */
const completionControl = (row: Element) => row.querySelector<HTMLElement>('.completion-circle');

/**
 * The project's Tasks tab as a list (issue 37, Settings → Default view): the board's tasks (the top-level
 * ones, each with its sub-tasks' progress) under the board's headings, To Do and In Progress by position,
 * then Completed; a group with none left out. Each row is /tasks's (TaskListItem): its title opens the task
 * at /projects/{projectId}/tasks/{taskId}, its circle completes or reopens it as the board's checkbox does
 * (to the end of Completed or To Do, asking about open sub-tasks), Focus makes it due today, and its box
 * selects it for a bulk edit (Shift for a range, Ctrl/⌘+A, x, Escape, as on /tasks). Above them the board's
 * "Add task" line, to To Do.
 */
export function ProjectTaskList({ workspaceId, projectId, tasks: all, filtering }: { workspaceId: string; projectId: string; tasks: readonly TaskView[]; filtering: boolean }) {
  const tasks = useMemo(() => topLevelTasks(all), [all]);
  const reportFailure = useReportWriteFailure();
  const { move, confirmDialog } = useColumnMove({ workspaceId, tasks, all, onError: (error) => reportFailure(error, UPDATE_TASK_FAILED) });
  const groups = useMemo(() => boardColumns.map((column) => ({ ...column, tasks: columnTasks(tasks, column.status) })).filter((group) => group.tasks.length > 0), [tasks]);
  const runs = useMemo(() => [groups.flatMap((group) => group.tasks.map((task) => task.id))], [groups]);
  const { store: selection, select, clear: clearSelection, onKeyDown: selectionKeys } = useTaskSelection(runs);
  const update = useUpdateTask();
  const today = useToday();
  const headingPrefix = useId();

  // A row completed or reopened here moves to another group and is drawn anew there: its circle takes the
  // focus back once it shows (the old one left with the row, and the focus with it).
  const listRef = useRef<HTMLDivElement>(null);
  const focusAfterMove = useRef<string | null>(null);
  useLayoutEffect(() => {
    const movedId = focusAfterMove.current;
    if (movedId === null || document.activeElement !== document.body) return;
    const row = [...(listRef.current?.querySelectorAll('[data-task-id]') ?? [])].find((candidate) => candidate.getAttribute('data-task-id') === movedId);
    if (!row) return;
    focusAfterMove.current = null;
    completionControl(row)?.focus();
  }, [tasks]);

  const toggle = useCallback(
    (task: TaskView) => moveTakingFocus(move, focusAfterMove, task, task.completed ? 'todo' : 'completed'),
    [move],
  );
  // The latest write, read when a row calls: the rows' handlers stay the same across renders (they are memoised).
  const writeRef = useLatest({ mutate: update.mutate, workspaceId, reportFailure });
  const focusToday = useCallback(
    (task: TaskView) => {
      const { mutate, workspaceId: workspace, reportFailure: report } = writeRef.current;
      mutate({ workspaceId: workspace, task, edit: { dueDate: toCalendarDate(new Date()) } }, { onError: (error) => report(error, UPDATE_TASK_FAILED) });
    },
    [writeRef],
  );

  return (
    <TaskSelectionContext value={selection}>
      <SelectedTasksBar workspaceId={workspaceId} store={selection} tasks={tasks} onDone={clearSelection} />
      <QuickAddTask workspaceId={workspaceId} projectId={projectId} status="todo" columnTitle="To Do" />
      {tasks.length === 0 ? <p className="muted">{filtering ? 'No tasks match.' : 'No tasks yet.'}</p> : null}
      <div ref={listRef} className="project-task-list">
        {groups.map((group) => (
          <section key={group.status} className="task-list-group" aria-labelledby={`${headingPrefix}-${group.status}`}>
            <h3 id={`${headingPrefix}-${group.status}`} className="task-list-group-title">
              {group.title} <span className="muted">{group.tasks.length}</span>
            </h3>
            {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions -- the selection keys (Ctrl/⌘+A, x, Escape) act on the row whose control has the focus; the list itself takes none */}
            <ul className="task-list" onKeyDown={selectionKeys}>
              {group.tasks.map((task) => (
                <TaskListItem
                  key={task.id}
                  task={task}
                  project={undefined}
                  leaving={false}
                  dueToday={task.dueDate === today}
                  onToggle={toggle}
                  onFocus={focusToday}
                  onSelect={select}
                />
              ))}
            </ul>
          </section>
        ))}
      </div>
      {confirmDialog}
    </TaskSelectionContext>
  );
}
