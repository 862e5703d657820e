import { useMemo, useState, type FormEvent } from 'react';
import type { LabelView } from '@shared/schemas/label';
import type { MemberView } from '@shared/schemas/member';
import { priorities, taskStatuses, type Priority, type ProjectSummary, type TaskStatus, type TaskView } from '@shared/schemas/project';
import type { BulkTaskChange } from '@shared/schemas/task-bulk';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/form-fields';
import { useToast } from '@/components/ui/toast';
import { useReportWriteFailure } from '@/hooks/use-report-write-failure';
import { useLabels } from '@/features/labels';
import { useWorkspaceMembers } from '@/features/members';
import {
  BULK_DELETE_FAILED,
  BULK_DELETE_UNDO_FAILED,
  BULK_MOVE_FAILED,
  BULK_UPDATE_FAILED,
  useBulkDeleteTasks,
  useBulkMoveTasks,
  useBulkUpdateTasks,
  useRestoreDeletedTasks,
  useRestoreMovedTasks,
  useRestoreTasks,
  useSubtasksGoingWith,
} from '../../api/bulk-mutations';
import { useProjects } from '../../api/get-projects';
import { useHasSelection, useSelection } from '../../hooks/use-task-selection';
import { bulkDeleteQuestion } from '../../utils/subtask-questions';
import { columnTitle } from '../../utils/task-groups';
import { commonValue, mixed, type TaskSelectionStore } from '../../utils/task-selection';
import './bulk-bar.css';

const MIXED = 'Mixed';
const UNASSIGNED = 'unassigned';

/** A select's value: '' while the selection's values differ and it is left alone. */
const shown = (value: string | null | typeof mixed, none = '') => (value === mixed ? '' : (value ?? none));

/**
 * The bar over a selection of tasks (issue 36), shown while any of `tasks` (in the order shown) is selected in
 * `store`: status, priority, due date, assignee and a label to add or remove, applied to every selected task
 * in one request, and Complete, which completes them at once. A field whose values differ reads "Mixed" and
 * is sent only when changed. The outcome comes as a toast with Undo for the whole action (which puts back each
 * task's status and completion too). Move to project moves them (with their sub-tasks) to another project,
 * Undo moving them back. Delete asks first, saying how many tasks and sub-tasks go; its Undo has the server
 * make them again from the copies it kept (for an hour).
 */
export function SelectedTasksBar({ workspaceId, store, tasks, onDone }: { workspaceId: string; store: TaskSelectionStore; tasks: readonly TaskView[]; onDone: () => void }) {
  return useHasSelection(store) ? <BulkBar workspaceId={workspaceId} store={store} tasks={tasks} onDone={onDone} /> : null;
}

/**
 * The bar's writes and what is being changed. It renders when they change, not on each toggle of the
 * selection (its query and mutation hooks are most of a render's cost): BulkBarForm reads the selection and
 * hands it to each action.
 */
function BulkBar({ workspaceId, store, tasks, onDone }: { workspaceId: string; store: TaskSelectionStore; tasks: readonly TaskView[]; onDone: () => void }) {
  const [change, setChange] = useState<BulkTaskChange>({});
  const members = useWorkspaceMembers(workspaceId);
  const labels = useLabels(workspaceId);
  const update = useBulkUpdateTasks();
  const restore = useRestoreTasks();
  const toast = useToast();
  const reportFailure = useReportWriteFailure();
  const { confirm, dialog: confirmDialog } = useConfirm();
  const remove = useBulkDeleteTasks();
  const unremove = useRestoreDeletedTasks();
  const subtasksGoingWith = useSubtasksGoingWith();
  const projects = useProjects();
  const move = useBulkMoveTasks();
  const moveBack = useRestoreMovedTasks();
  const [target, setTarget] = useState('');

  const send = (selected: readonly TaskView[], sent: BulkTaskChange) => {
    const before = new Map(selected.map((task) => [task.id, task]));
    update.mutate(
      { workspaceId, tasks: selected, change: sent },
      {
        onSuccess: ({ changed, left }) => {
          setChange({});
          onDone();
          const leftNote = left.length > 0 ? ` ${left.length} changed by someone else meanwhile kept their change.` : '';
          toast.success(`Updated ${changed.length} ${changed.length === 1 ? 'task' : 'tasks'}.${leftNote}`, {
            label: 'Undo',
            onAction: () =>
              restore.mutate(
                { workspaceId, written: changed, before },
                {
                  onSuccess: (undone) => {
                    if (undone.left.length > 0) toast.info(`${undone.left.length} changed by someone else since kept their change.`);
                  },
                  onError: (error) => reportFailure(error, BULK_UPDATE_FAILED),
                },
              ),
          });
        },
        onError: (error) => reportFailure(error, BULK_UPDATE_FAILED),
      },
    );
  };
  const moveSelection = (selected: readonly TaskView[]) => {
    const before = new Map(selected.map((task) => [task.id, task]));
    move.mutate(
      { workspaceId, tasks: selected, projectId: target },
      {
        onSuccess: ({ moved, left }) => {
          setTarget('');
          onDone();
          const count = moved.filter(({ task }) => before.has(task.id)).length;
          const leftNote = left.length > 0 ? ` ${left.length} changed by someone else meanwhile kept their change.` : '';
          toast.success(`Moved ${count} ${count === 1 ? 'task' : 'tasks'}.${leftNote}`, {
            label: 'Undo',
            onAction: () =>
              moveBack.mutate(
                { workspaceId, moved, before },
                {
                  onSuccess: (undone) => {
                    if (undone.left.length > 0) toast.info(`${undone.left.length} changed by someone else since stayed where they are.`);
                  },
                  onError: (error) => reportFailure(error, BULK_MOVE_FAILED),
                },
              ),
          });
        },
        onError: (error) => reportFailure(error, BULK_MOVE_FAILED),
      },
    );
  };
  const deleteSelection = async (selected: readonly TaskView[]) => {
    const subtasks = await subtasksGoingWith(workspaceId, selected).catch(() => 0);
    if (!(await confirm({ title: 'Delete tasks', message: bulkDeleteQuestion(selected.length, subtasks), confirmLabel: 'Delete', danger: true }))) return;
    remove.mutate(
      { workspaceId, tasks: selected },
      {
        onSuccess: ({ deleted, left, undoId }) => {
          onDone();
          const leftNote = left.length > 0 ? ` ${left.length} changed by someone else meanwhile ${left.length === 1 ? 'was' : 'were'} kept.` : '';
          const undo = undoId
            ? {
                label: 'Undo',
                onAction: () =>
                  unremove.mutate(
                    { workspaceId, undoId },
                    {
                      onSuccess: ({ skipped }) => {
                        if (skipped.length > 0) toast.info(`${skipped.length} could not come back (their project or parent is gone); they wait in the Trash.`);
                      },
                      onError: (error) => reportFailure(error, BULK_DELETE_UNDO_FAILED),
                    },
                  ),
              }
            : undefined;
          toast.success(`Moved ${deleted.length} ${deleted.length === 1 ? 'task' : 'tasks'} to Trash.${leftNote}`, undo);
        },
        onError: (error) => reportFailure(error, BULK_DELETE_FAILED),
      },
    );
  };

  return (
    <>
      <BulkBarForm
        store={store}
        tasks={tasks}
        change={change}
        onChange={setChange}
        target={target}
        onTarget={setTarget}
        members={members.data}
        labels={labels.data}
        projects={projects.data}
        pending={{ update: update.isPending, move: move.isPending, remove: remove.isPending }}
        actions={{ send, move: moveSelection, remove: (selected) => void deleteSelection(selected), clear: onDone }}
      />
      {confirmDialog}
    </>
  );
}

interface BulkBarActions {
  readonly send: (selected: readonly TaskView[], change: BulkTaskChange) => void;
  readonly move: (selected: readonly TaskView[]) => void;
  readonly remove: (selected: readonly TaskView[]) => void;
  readonly clear: () => void;
}

/** The bar's fields and buttons over the selected tasks: what renders on each toggle of the selection. */
function BulkBarForm({
  store,
  tasks,
  change,
  onChange,
  target,
  onTarget,
  members,
  labels,
  projects,
  pending,
  actions,
}: {
  store: TaskSelectionStore;
  tasks: readonly TaskView[];
  change: BulkTaskChange;
  onChange: (change: BulkTaskChange) => void;
  target: string;
  onTarget: (projectId: string) => void;
  members: readonly MemberView[] | undefined;
  labels: readonly LabelView[] | undefined;
  projects: readonly ProjectSummary[] | undefined;
  pending: { update: boolean; move: boolean; remove: boolean };
  actions: BulkBarActions;
}) {
  const { ids } = useSelection(store);
  const selected = useMemo(() => tasks.filter((task) => ids.has(task.id)), [tasks, ids]);
  const set = (next: Partial<BulkTaskChange>) => onChange({ ...change, ...next });
  const status = change.status ?? commonValue(selected.map((task) => task.status));
  const priority = change.priority ?? commonValue(selected.map((task) => task.priority));
  const dueDate = change.dueDate !== undefined ? change.dueDate : commonValue(selected.map((task) => task.dueDate));
  const assignee = change.assignedTo !== undefined ? change.assignedTo : commonValue(selected.map((task) => task.assignedTo));
  const nothingChanged = Object.values(change).every((value) => value === undefined);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    actions.send(selected, change);
  };

  return (
    <form className="bulk-bar" aria-label="Edit selected tasks" onSubmit={apply}>
      <p className="bulk-bar-count" role="status" aria-live="polite">
        {selected.length} selected
      </p>
      <SelectField label="Status" name="bulk-status" value={shown(status)} onChange={(event) => set({ status: event.target.value as TaskStatus })}>
        {status === mixed ? <option value="">{MIXED}</option> : null}
        {taskStatuses.map((value) => (
          <option key={value} value={value}>
            {columnTitle(value)}
          </option>
        ))}
      </SelectField>
      <SelectField label="Priority" name="bulk-priority" value={shown(priority)} onChange={(event) => set({ priority: event.target.value as Priority })}>
        {priority === mixed ? <option value="">{MIXED}</option> : null}
        {priorities.map((value) => (
          <option key={value} value={value}>
            {value[0]?.toUpperCase()}
            {value.slice(1)}
          </option>
        ))}
      </SelectField>
      <Field
        label="Due date"
        type="date"
        name="bulk-due-date"
        value={shown(dueDate)}
        hint={dueDate === mixed ? MIXED : undefined}
        onChange={(event) => set({ dueDate: event.target.value || null })}
      />
      <SelectField
        label="Assignee"
        name="bulk-assignee"
        value={shown(assignee, UNASSIGNED)}
        onChange={(event) => set({ assignedTo: event.target.value === UNASSIGNED ? null : event.target.value })}
      >
        {assignee === mixed ? <option value="">{MIXED}</option> : null}
        <option value={UNASSIGNED}>Unassigned</option>
        {(members ?? []).map((member) => (
          <option key={member.userId} value={member.userId}>
            {member.displayName}
          </option>
        ))}
      </SelectField>
      {labels?.length ? (
        <>
          <LabelSelect label="Add label" labels={labels} value={change.addLabelIds} onChange={(addLabelIds) => set({ addLabelIds })} />
          <LabelSelect label="Remove label" labels={labels} value={change.removeLabelIds} onChange={(removeLabelIds) => set({ removeLabelIds })} />
        </>
      ) : null}
      <Button type="submit" variant="primary" size="sm" loading={pending.update} disabled={nothingChanged}>
        Apply to {selected.length}
      </Button>
      <Button type="button" size="sm" disabled={pending.update} onClick={() => actions.send(selected, { completed: true })}>
        Complete {selected.length}
      </Button>
      <SelectField label="Move to project" name="bulk-move-project" value={target} onChange={(event) => onTarget(event.target.value)}>
        <option value="">Choose a project</option>
        {(projects ?? []).filter((project) => !project.archived).map((project) => (
          <option key={project.id} value={project.id}>
            {project.name}
          </option>
        ))}
      </SelectField>
      <Button type="button" size="sm" loading={pending.move} disabled={!target || pending.update} onClick={() => actions.move(selected)}>
        Move {selected.length}
      </Button>
      <Button type="button" variant="danger" size="sm" loading={pending.remove} disabled={pending.update} onClick={() => actions.remove(selected)}>
        Delete {selected.length}
      </Button>
      <Button type="button" variant="ghost" size="sm" onClick={actions.clear}>
        Clear selection
      </Button>
    </form>
  );
}

/** One label to add or take off every selected task ("None": labels left alone). */
function LabelSelect({
  label,
  labels,
  value,
  onChange,
}: {
  label: string;
  labels: readonly LabelView[];
  value: readonly string[] | undefined;
  onChange: (labelIds: string[] | undefined) => void;
}) {
  return (
    <SelectField label={label} name={label} value={value?.[0] ?? ''} onChange={(event) => onChange(event.target.value ? [event.target.value] : undefined)}>
      <option value="">None</option>
      {labels.map((item) => (
        <option key={item.id} value={item.id}>
          {item.name}
        </option>
      ))}
    </SelectField>
  );
}
