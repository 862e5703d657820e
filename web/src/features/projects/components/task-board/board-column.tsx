import { useDraggable, useDroppable } from '@dnd-kit/core';
import { memo, useMemo, useState, type ReactNode } from 'react';
import type { TaskStatus, TaskView } from '@shared/schemas/project';
import { cardRuns } from '../../utils/card-runs';
import { columnOf } from '../../utils/task-groups';
import { ActionableTaskCard, type CardActions } from './actionable-task-card';

export const DROP_HERE = 'Drop here';

// A group, not dnd-kit's default button: the card holds its own controls, and a button may not.
const DRAGGABLE_ATTRIBUTES = { role: 'group' } as const;

/** Memoised, like the card: a drag renders the cards whose drag state changed, not the column's. */
const DraggableTaskCard = memo(function DraggableTaskCard({ task, hintId, actions }: { task: TaskView; hintId: string; actions: CardActions }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({ id: task.id, data: { task }, attributes: DRAGGABLE_ATTRIBUTES });
  // The same object while nothing of it changes, so the memoised card skips the board's drag renders.
  const drag = useMemo(
    () => ({ attributes, listeners, setActivatorRef: setActivatorNodeRef, dragging: isDragging }),
    [attributes, listeners, setActivatorNodeRef, isDragging],
  );
  return (
    // The pointer may pick up the card anywhere (a press without moving 8 px stays a click on its link or
    // controls); the keyboard picks up the focused card with Space.
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions -- the pointer may pick a card up anywhere; the keyboard does it on the focused card
    <div
      ref={setNodeRef}
      role="listitem"
      className={isDragging ? 'board-card is-dragging' : 'board-card'}
      onMouseDown={(event) => listeners?.onMouseDown?.(event)}
      onTouchStart={(event) => listeners?.onTouchStart?.(event)}
    >
      <ActionableTaskCard task={task} hintId={hintId} actions={actions} drag={drag} />
    </div>
  );
});

/**
 * One column of the board: the whole column, however few its cards, is the drop target, and shows 'Drop
 * here' while a card from another column is over it. Memoised: the board's render as the first card is
 * selected does not render the columns (each card reads its own selected state).
 */
export const BoardColumn = memo(function BoardColumn({
  status,
  title,
  tasks,
  hintId,
  actions,
  quickAdd,
}: {
  status: TaskStatus;
  title: string;
  tasks: readonly TaskView[];
  hintId: string;
  actions: CardActions;
  /** The column's "Add task" line, at its top. */
  quickAdd?: ReactNode;
}) {
  const { setNodeRef, isOver, active } = useDroppable({ id: status, data: { status } });
  const dragged = active?.data.current?.task as TaskView | undefined;
  const showDropHint = isOver && dragged !== undefined && columnOf(dragged) !== status;
  const headingId = `board-column-${status}`;
  // The cards in runs (see cardRuns), each card kept in its run as cards come and go.
  const [split, setSplit] = useState(() => ({ tasks, runs: cardRuns(tasks.map((task) => task.id)) }));
  let runs = split.runs;
  if (split.tasks !== tasks) {
    runs = cardRuns(tasks.map((task) => task.id), split.runs);
    setSplit({ tasks, runs });
  }
  const byId = useMemo(() => new Map(tasks.map((task) => [task.id, task])), [tasks]);

  return (
    <section ref={setNodeRef} className={showDropHint ? 'board-column is-drop-target' : 'board-column'} aria-labelledby={headingId} data-column={status}>
      <h3 className="board-column-title">
        <span id={headingId}>{title}</span>
        <span className="board-column-count">
          {tasks.length}
          <span className="visually-hidden"> tasks</span>
        </span>
      </h3>
      {quickAdd}
      {/* One list of the cards; the runs between are left out of the accessibility tree (role none). */}
      <div className="board-column-list" role="list">
        {runs.map((run) => (
          <div
            key={run.key}
            role="none"
            className={dragged && run.ids.includes(dragged.id) ? 'board-card-run has-dragging' : 'board-card-run'}
            // Its height until first shown (then its last): a card's about 8rem.
            style={{ containIntrinsicSize: `auto ${run.ids.length * 8}rem` }}
          >
            {run.ids.map((id) => {
              const task = byId.get(id);
              return task ? <DraggableTaskCard key={id} task={task} hintId={hintId} actions={actions} /> : null;
            })}
          </div>
        ))}
      </div>
      {showDropHint ? (
        <p className="board-drop-hint" aria-hidden="true">
          {DROP_HERE}
        </p>
      ) : tasks.length === 0 ? (
        <p className="board-column-empty muted">No tasks</p>
      ) : null}
    </section>
  );
});
