import { DndContext, MouseSensor, TouchSensor, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { useMutationState } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { positionAfterLast } from '@shared/rules/position';
import { positionAt, subtaskProgress, subtasksOf } from '@shared/rules/subtasks';
import { MAX_SUBTASKS, TASK_TITLE_MAX_LENGTH, type TaskView } from '@shared/schemas/project';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { apiErrorMessage } from '@/lib/api-client';
import { quickAddKey, useCreateTask, useMoveTask, useUpdateTask, type CreateTaskValues } from '../../api/task-mutations';
import { DRAG_ACTIVATION_DISTANCE } from '../task-board/board-keyboard';
import './subtasks-section.css';

const SUBTASK_WRITE_FAILED = 'Failed to save the sub-task';
const mouseSensorOptions = { activationConstraint: { distance: DRAG_ACTIVATION_DISTANCE } };
const touchSensorOptions = { activationConstraint: { delay: 250, tolerance: 5 } };

/**
 * A task's sub-tasks (issue 36) in the task view: a checklist in order, each ticked without opening it,
 * moved by dragging its handle or with Alt+Up / Alt+Down on it, opened, or promoted to a task of its own;
 * "Add a sub-task" adds one per Enter and stays there for the next. A sub-task shows its parent instead.
 */
export function SubtasksSection({ workspaceId, task, projectTasks }: { workspaceId: string; task: TaskView; projectTasks: readonly TaskView[] }) {
  const update = useUpdateTask();
  const [failure, setFailure] = useState<string | null>(null);
  const onError = (error: unknown) => setFailure(apiErrorMessage(error, SUBTASK_WRITE_FAILED));
  const promote = (subtask: TaskView) => update.mutate({ workspaceId, task: subtask, edit: { parentId: null } }, { onError });

  if (task.parentId !== undefined) {
    const parent = projectTasks.find((candidate) => candidate.id === task.parentId);
    return (
      <section className="subtasks" aria-label="Parent task">
        <p className="subtasks-parent">
          Sub-task of {parent ? <Link to={paths.app.projectTask.getHref(parent.projectId, parent.id)}>{parent.title}</Link> : 'a task'}
        </p>
        <Button size="sm" onClick={() => promote(task)}>
          Make it a task of its own
        </Button>
        {failure ? <p className="field-error">{failure}</p> : null}
      </section>
    );
  }
  return <SubtaskChecklist workspaceId={workspaceId} task={task} projectTasks={projectTasks} failure={failure} onError={onError} onPromote={promote} />;
}

function SubtaskChecklist({
  workspaceId,
  task,
  projectTasks,
  failure,
  onError,
  onPromote,
}: {
  workspaceId: string;
  task: TaskView;
  projectTasks: readonly TaskView[];
  failure: string | null;
  onError: (error: unknown) => void;
  onPromote: (subtask: TaskView) => void;
}) {
  const headingId = useId();
  const inputId = useId();
  const hintId = useId();
  const subtasks = subtasksOf(projectTasks, task.id);
  const progress = subtaskProgress(projectTasks, task.id);
  const create = useCreateTask(workspaceId, task.projectId);
  const update = useUpdateTask();
  const move = useMoveTask();
  const [text, setText] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const sensors = useSensors(useSensor(MouseSensor, mouseSensorOptions), useSensor(TouchSensor, touchSensorOptions));
  // Sub-tasks on their way: shown as saving, and counted when placing the next one.
  const saving = useMutationState({
    filters: { mutationKey: quickAddKey(task.projectId), status: 'pending' },
    select: (mutation) => mutation.state.variables as CreateTaskValues | undefined,
  }).filter((values): values is CreateTaskValues => values?.parentId === task.id);
  const full = subtasks.length + saving.length >= MAX_SUBTASKS;

  const add = () => {
    const title = text.trim();
    if (!title || full) return;
    setText('');
    const position = positionAfterLast([...subtasks, ...saving].flatMap((item) => (item.position === undefined ? [] : [item.position])));
    create.mutate(
      { title, parentId: task.id, position },
      {
        onError: (error) => {
          // The text comes back unless something new was typed meanwhile.
          setText((current) => (current === '' ? title : current));
          onError(error);
        },
      },
    );
  };
  const onAddKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    add();
  };

  const reorder = (subtask: TaskView, index: number) => {
    if (index < 0 || index >= subtasks.length || subtasks[index]?.id === subtask.id) return;
    move.mutate({ workspaceId, task: subtask, status: subtask.status, position: positionAt(subtasks, subtask.id, index) }, { onError });
    setAnnouncement(`${subtask.title} moved to position ${index + 1} of ${subtasks.length}`);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const subtask = subtasks.find((candidate) => candidate.id === active.id);
    const index = subtasks.findIndex((candidate) => candidate.id === over?.id);
    if (subtask && index >= 0) reorder(subtask, index);
  };

  return (
    <section className="subtasks" aria-labelledby={headingId}>
      <div className="task-view-section-head">
        <h3 id={headingId}>
          Sub-tasks
          {progress ? (
            <span className="subtasks-progress">
              {' '}
              <span aria-hidden="true">{`${progress.done}/${progress.total}`}</span>
              <span className="visually-hidden">{`, ${progress.done} of ${progress.total} done`}</span>
            </span>
          ) : null}
        </h3>
      </div>
      <p id={hintId} className="visually-hidden">
        Drag a handle, or press Alt+Up or Alt+Down on it, to move the sub-task.
      </p>
      <DndContext sensors={sensors} onDragEnd={onDragEnd}>
        <ol className="subtasks-list">
          {subtasks.map((subtask, index) => (
            <SubtaskRow
              key={subtask.id}
              subtask={subtask}
              hintId={hintId}
              onToggle={(completed) => update.mutate({ workspaceId, task: subtask, edit: { completed } }, { onError })}
              onMoveBy={(step) => reorder(subtask, index + step)}
              onPromote={() => onPromote(subtask)}
            />
          ))}
          {saving.map((values, index) => (
            <li key={`saving-${index}`} className="subtasks-row subtasks-saving">
              {values.title} <span className="muted">Saving…</span>
            </li>
          ))}
        </ol>
      </DndContext>
      <div className="subtasks-add">
        <label htmlFor={inputId}>Add a sub-task</label>
        <input
          id={inputId}
          className="input"
          value={text}
          maxLength={TASK_TITLE_MAX_LENGTH}
          disabled={full}
          placeholder="Title, then Enter for the next"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onAddKeyDown}
        />
        {full ? <p className="muted">{`A task may hold at most ${MAX_SUBTASKS} sub-tasks.`}</p> : null}
      </div>
      {failure ? <p className="field-error">{failure}</p> : null}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </section>
  );
}

function SubtaskRow({
  subtask,
  hintId,
  onToggle,
  onMoveBy,
  onPromote,
}: {
  subtask: TaskView;
  hintId: string;
  onToggle: (completed: boolean) => void;
  onMoveBy: (step: -1 | 1) => void;
  onPromote: () => void;
}) {
  const checkboxId = useId();
  const { setNodeRef: setDropRef, isOver } = useDroppable({ id: subtask.id });
  const { setNodeRef: setDragRef, setActivatorNodeRef, listeners, transform, isDragging } = useDraggable({ id: subtask.id });
  const onHandleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    onMoveBy(event.key === 'ArrowUp' ? -1 : 1);
  };
  return (
    <li
      ref={(element) => {
        setDropRef(element);
        setDragRef(element);
      }}
      className={['subtasks-row', isOver ? 'subtasks-row-over' : '', isDragging ? 'subtasks-row-dragging' : ''].filter(Boolean).join(' ')}
      style={transform ? { transform: `translate3d(0, ${transform.y}px, 0)` } : undefined}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="subtasks-handle"
        aria-label={`Move ${subtask.title}`}
        aria-describedby={hintId}
        aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
        onKeyDown={onHandleKeyDown}
        {...listeners}
      >
        ⋮⋮
      </button>
      <input id={checkboxId} type="checkbox" checked={subtask.completed} onChange={(event) => onToggle(event.target.checked)} />
      <label htmlFor={checkboxId} className={subtask.completed ? 'subtasks-title subtasks-done' : 'subtasks-title'}>
        {subtask.title}
      </label>
      <Link className="subtasks-open" to={paths.app.projectTask.getHref(subtask.projectId, subtask.id)}>
        Open<span className="visually-hidden"> {subtask.title}</span>
      </Link>
      <Button size="sm" variant="ghost" onClick={onPromote}>
        Promote<span className="visually-hidden"> {subtask.title} to a task of its own</span>
      </Button>
    </li>
  );
}
