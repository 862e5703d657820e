import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import { memo, useCallback, useEffect, useId, useRef, type KeyboardEvent, type Ref, type RefObject } from 'react';
import type { TaskStatus, TaskView } from '@shared/schemas/project';
import { ArrowRightLeftIcon } from '@/components/ui/action-icons';
import { Menu, MenuItemRadio } from '@/components/ui/menu';
import { useIsTaskSelected } from '../../hooks/use-task-selection';
import { boardColumns, columnOf } from '../../utils/task-groups';
import { TaskCardBody, taskCardClass } from './task-card';

/**
 * How a board card works from the keyboard, after Linear's board: the card is the one Tab stop; Enter opens
 * the task, S opens Move to… (Linear's status shortcut, Completed among the columns), X selects the card for
 * a bulk edit or leaves it out again (Linear's select). The card's controls stay out of the Tab order. Said
 * to screen readers as the card's description (see CardShortcutsHint).
 */
export const CARD_SHORTCUTS = 'Press Enter to open the task, S to move it to another column, X to select it.';
const SHORTCUT_KEYS = { open: 'Enter', move: 's', select: 'x' } as const;

/** The shortcuts once per board, visually hidden; each card points at it with aria-describedby. */
export function CardShortcutsHint({ id }: { id: string }) {
  return (
    <p id={id} className="visually-hidden">
      {CARD_SHORTCUTS}
    </p>
  );
}

/** What a draggable card hands over from dnd-kit: the card itself is the keyboard's drag activator. */
export interface CardDrag {
  readonly attributes: DraggableAttributes;
  readonly listeners: DraggableSyntheticListeners;
  readonly setActivatorRef: (element: HTMLElement | null) => void;
  readonly dragging: boolean;
}

export interface CardActions {
  /** Moves the task to a column (a no-op for its own column). */
  readonly onMove: (task: TaskView, status: TaskStatus) => void;
  /** Completes the task, or reopens a completed one. */
  readonly onToggleCompleted: (task: TaskView) => void;
  /**
   * Whether this card should take focus as it mounts: a card whose column changed from its own controls is a
   * new element in the new column, and the keyboard user's place goes with it.
   */
  readonly claimFocus?: (taskId: string) => boolean;
  /** Whether the task is fading out of a list that no longer holds it (its new completion shows meanwhile). */
  readonly isLeaving?: (taskId: string) => boolean;
  /** Selects the task for a bulk edit or leaves it out (issue 36): `range` when Shift was held. */
  readonly onSelect: (taskId: string, range: boolean) => void;
}

/**
 * 'Move to…': the columns as radio items, the card's own checked; focus goes back to the card after.
 * Memoised: the card's render on a selection toggle does not render its menu.
 */
const MoveToMenu = memo(function MoveToMenu({
  task,
  buttonRef,
  cardRef,
  onMove,
}: {
  task: TaskView;
  buttonRef: Ref<HTMLButtonElement>;
  cardRef: RefObject<HTMLElement | null>;
  onMove: CardActions['onMove'];
}) {
  const current = columnOf(task);
  return (
    <Menu
      button={<ArrowRightLeftIcon />}
      buttonLabel="Move to…"
      buttonTitle="Move to… (S)"
      buttonClassName="btn btn-ghost btn-icon task-card-action"
      buttonTabIndex={-1}
      buttonRef={buttonRef}
      returnFocusRef={cardRef}
      align="end"
      className="task-card-move"
    >
      {boardColumns.map((column) => (
        <MenuItemRadio key={column.status} checked={column.status === current} onSelect={() => onMove(task, column.status)}>
          {column.title}
        </MenuItemRadio>
      ))}
    </Menu>
  );
});

/**
 * A card on a board with its controls: a checkbox selecting it for a bulk edit ("Select <title>", shown on
 * hover and focus and while anything is selected), a completion checkbox (named by the task's title) and
 * Move to…. The card is the one Tab stop (a focusable group named by the title); see CARD_SHORTCUTS.
 * Memoised: a drag, a drop or one card's change renders only the cards whose task or drag state changed, not
 * the whole board (given stable `actions` and `drag`); the card reads its selected state from the
 * TaskSelectionContext above it, so a toggle renders that card alone (its body and menu not even then).
 */
export const ActionableTaskCard = memo(function ActionableTaskCard({
  task,
  hintId,
  drag,
  actions,
}: {
  task: TaskView;
  /** The board's CardShortcutsHint. */
  hintId: string;
  drag?: CardDrag;
  actions: CardActions;
}) {
  const selected = useIsTaskSelected(task.id);
  const titleId = useId();
  const cardRef = useRef<HTMLDivElement | null>(null);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const { claimFocus, onMove, onToggleCompleted, isLeaving, onSelect } = actions;
  const leaving = isLeaving?.(task.id) ?? false;
  const completed = leaving ? !task.completed : task.completed;
  const setActivatorRef = drag?.setActivatorRef;

  useEffect(() => {
    if (claimFocus?.(task.id)) cardRef.current?.focus();
  }, [claimFocus, task.id]);

  const setCardRef = useCallback(
    (element: HTMLDivElement | null) => {
      cardRef.current = element;
      setActivatorRef?.(element);
    },
    [setActivatorRef],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Only keys pressed on the card itself (not in its menu), never while it is being dragged (Enter drops).
    const onCard = event.target === event.currentTarget && !drag?.dragging && !event.altKey && !event.ctrlKey && !event.metaKey;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const shortcut = onCard
      ? { [SHORTCUT_KEYS.open]: () => linkRef.current?.click(), [SHORTCUT_KEYS.move]: () => menuButtonRef.current?.click(), [SHORTCUT_KEYS.select]: () => onSelect(task.id, false) }[key]
      : undefined;
    if (shortcut) {
      event.preventDefault();
      event.stopPropagation();
      shortcut();
      return;
    }
    drag?.listeners?.onKeyDown?.(event);
  };

  const describedBy = [drag?.attributes['aria-describedby'], hintId].filter(Boolean).join(' ');
  return (
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions -- a board card is focusable and picked up with Space (dnd-kit’s keyboard sensor), as the board’s instructions say
    <div
      ref={setCardRef}
      className={taskCardClass(task, ['task-card-actionable', leaving ? 'is-leaving' : '', selected ? 'is-selected' : ''].filter(Boolean).join(' '))}
      {...drag?.attributes}
      role="group"
      // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- one Tab stop per card: the keyboard picks it up with Space
      tabIndex={0}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      // x pressed on one of its controls (its checkbox just clicked) reaches the board's selection keys.
      data-task-id={task.id}
      onKeyDown={onKeyDown}
    >
      {/* A click (Space too) with Shift held selects the range; React's change event does not say. */}
      <input
        type="checkbox"
        className="task-card-select"
        tabIndex={-1}
        checked={selected}
        readOnly
        onClick={(event) => onSelect(task.id, event.shiftKey)}
        aria-label={`Select ${task.title}`}
        title="Select (X)"
      />
      <input
        type="checkbox"
        className="task-card-check"
        tabIndex={-1}
        checked={completed}
        disabled={leaving}
        onChange={() => onToggleCompleted(task)}
        aria-labelledby={titleId}
        title={completed ? 'Mark not completed' : 'Mark completed'}
      />
      <TaskCardBody task={task} titleId={titleId} linkRef={linkRef} linkTabIndex={-1} />
      <MoveToMenu task={task} buttonRef={menuButtonRef} cardRef={cardRef} onMove={onMove} />
    </div>
  );
});
