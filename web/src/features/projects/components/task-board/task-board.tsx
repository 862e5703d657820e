import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { useId, useMemo, useRef, useState } from 'react';
import type { TaskStatus, TaskView } from '@shared/schemas/project';
import { topLevelTasks } from '@shared/rules/subtasks';
import { TaskSelectionContext, useHasSelection, useTaskSelection } from '../../hooks/use-task-selection';
import { moveTakingFocus, useColumnMove } from '../../hooks/use-column-move';
import { boardColumns, columnOf, columnTasks } from '../../utils/task-groups';
import { boardAnnouncements, boardInstructions } from './board-announcements';
import { QuickAddTask } from '../quick-add/quick-add-task';
import { SelectedTasksBar } from '../tasks-page/bulk-bar';
import { BoardColumn } from './board-column';
import { CardShortcutsHint, type CardActions } from './actionable-task-card';
import { DRAG_ACTIVATION_DISTANCE, keyboardCodes, keyboardCoordinates } from './board-keyboard';
import { TaskCard } from './task-card';
import './task-board.css';

const mouseSensorOptions = { activationConstraint: { distance: DRAG_ACTIVATION_DISTANCE } };
// On a touch screen a swipe over the cards scrolls the board (they cover it when the columns stack): a
// card is picked up by pressing on it for a moment.
const touchSensorOptions = { activationConstraint: { delay: 250, tolerance: 5 } };
const keyboardSensorOptions = { coordinateGetter: keyboardCoordinates, keyboardCodes };

/** The column under the pointer; for a keyboard drag (no pointer) the column the card overlaps most. */
const columnCollision: CollisionDetection = (args) => {
  const underPointer = pointerWithin(args);
  return underPointer.length > 0 ? underPointer : rectIntersection(args);
};

/**
 * The Tasks tab's kanban board (spec core §2): To Do, In Progress and Completed. Dropping a card on another
 * column moves it there, after that column's last card, in one write shown at once (rolled back if refused);
 * a drop on its own column changes nothing. A card's Move to… and its completion checkbox make the same move
 * in one step, without dragging.
 *
 * Cards are selected for a bulk edit (issue 36) as on /tasks: a card's checkbox or X, Shift+click for the
 * range within its column, Ctrl/⌘+A for every card on the board (as Linear's board), Escape to clear; the
 * bulk bar shows above the board while any is selected. A dragged card moves alone, selected or not.
 */
export function TaskBoard({ workspaceId, projectId, tasks: all, onError }: { workspaceId: string; projectId: string; tasks: readonly TaskView[]; onError: (error: unknown) => void }) {
  // The cards are the tasks of their own, each with its sub-tasks' progress (issue 36).
  const tasks = useMemo(() => topLevelTasks(all), [all]);
  const { move, confirmDialog } = useColumnMove({ workspaceId, tasks, all, onError });
  const sensors = useSensors(useSensor(MouseSensor, mouseSensorOptions), useSensor(TouchSensor, touchSensorOptions), useSensor(KeyboardSensor, keyboardSensorOptions));
  const [activeId, setActiveId] = useState<UniqueIdentifier | null>(null);
  const activeTask = tasks.find((task) => task.id === activeId);
  const columns = useMemo(() => boardColumns.map((column) => ({ ...column, tasks: columnTasks(tasks, column.status) })), [tasks]);
  const runs = useMemo(() => columns.map((column) => column.tasks.map((task) => task.id)), [columns]);
  const { store: selection, select, clear: clearSelection, onKeyDown: selectionKeys } = useTaskSelection(runs);
  // The board renders again only when the first card is selected or the last one left out.
  const anySelected = useHasSelection(selection);

  const accessibility = useMemo(() => {
    const find = (id: UniqueIdentifier) => tasks.find((task) => task.id === id);
    return {
      announcements: boardAnnouncements({
        taskTitle: (id) => find(id)?.title ?? 'task',
        taskColumn: (id) => {
          const task = find(id);
          return task ? columnOf(task) : null;
        },
      }),
      screenReaderInstructions: boardInstructions,
    };
  }, [tasks]);

  // The card moved by its own controls or dropped from the keyboard remounts in its new column; it takes focus
  // there once (focus would fall to the page).
  const focusAfterMove = useRef<string | null>(null);

  const onDragEnd = ({ active, over, activatorEvent }: DragEndEvent) => {
    setActiveId(null);
    const task = tasks.find((candidate) => candidate.id === active.id);
    if (!task || !over) return;
    // A drop from the keyboard: the card keeps the focus in its new column (a pointer's drop moves no focus).
    if (activatorEvent instanceof KeyboardEvent) moveTakingFocus(move, focusAfterMove, task, over.id as TaskStatus);
    else void move(task, over.id as TaskStatus);
  };

  const actions = useMemo<CardActions>(() => {
    const moveFromCard = (task: TaskView, status: TaskStatus) => moveTakingFocus(move, focusAfterMove, task, status);
    return {
      onMove: moveFromCard,
      // Unticking sends a task back to To Do, as in the Edit Task dialog.
      onToggleCompleted: (task) => moveFromCard(task, task.completed ? 'todo' : 'completed'),
      claimFocus: (taskId) => {
        if (focusAfterMove.current !== taskId) return false;
        focusAfterMove.current = null;
        return true;
      },
      onSelect: select,
    };
  }, [move, select]);
  const hintId = useId();
  // The columns' "Add task" lines, made once per column: the board's own renders do not render these.
  const quickAdds = useMemo(
    () => boardColumns.map((column) => <QuickAddTask key={column.status} workspaceId={workspaceId} projectId={projectId} status={column.status} columnTitle={column.title} />),
    [workspaceId, projectId],
  );

  return (
    <TaskSelectionContext value={selection}>
      <DndContext
        sensors={sensors}
        collisionDetection={columnCollision}
        accessibility={accessibility}
        onDragStart={({ active }: DragStartEvent) => setActiveId(active.id)}
        onDragEnd={onDragEnd}
        onDragCancel={() => setActiveId(null)}
      >
        <CardShortcutsHint id={hintId} />
        <SelectedTasksBar workspaceId={workspaceId} store={selection} tasks={tasks} onDone={clearSelection} />
        {/* Scrolls sideways when its columns do not fit: focusable, so the keyboard can scroll it too. The
            selection's keys (Ctrl/⌘+A, Escape) are the board's while no card is being dragged (Escape drops it then). */}
        {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard (WCAG 2.1.1) */}
        <div className={anySelected ? 'task-board has-selection' : 'task-board'} role="group" aria-label="Task columns" tabIndex={0} onKeyDown={activeId === null ? selectionKeys : undefined}>
          {columns.map((column, index) => (
            <BoardColumn
              key={column.status}
              status={column.status}
              title={column.title}
              tasks={column.tasks}
              hintId={hintId}
              actions={actions}
              quickAdd={quickAdds[index]}
            />
          ))}
        </div>
        <DragOverlay dropAnimation={null}>{activeTask ? <TaskCard task={activeTask} linked={false} className="task-card-overlay" /> : null}</DragOverlay>
        {confirmDialog}
      </DndContext>
    </TaskSelectionContext>
  );
}
