import { useMemo, useState, type FormEvent } from 'react';
import type { LabelView } from '@shared/schemas/label';
import { priorities, taskStatuses, type Priority, type TaskStatus, type TaskView } from '@shared/schemas/project';
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
import { useSelection } from '../../hooks/use-task-selection';
import { bulkDeleteQuestion } from '../../utils/subtask-questions';
import { columnTitle } from '../../utils/task-groups';
import { commonValue, mixed, type TaskSelectionStore } from '../../utils/task-selection';
import './bulk-bar.css';

const MIXED = 'Mixed';
const UNASSIGNED = 'unassigned';

/** A select's value: '' while the selection's values differ and it is left alone. */
const shown = (value: string | null | typeof mixed, none = '') => (value === mixed ? '' : (value ?? none));

/**
 * The bar while any of `tasks` (in the order shown) is selected in `store`: this, not the list, is what
 * renders again on each toggle besides the card toggled.
 */
export function SelectedTasksBar({ workspaceId, store, tasks, onDone }: { workspaceId: string; store: TaskSelectionStore; tasks: readonly TaskView[]; onDone: () => void }) {
  const { ids } = useSelection(store);
  const selected = useMemo(() => (ids.size > 0 ? tasks.filter((task) => ids.has(task.id)) : []), [tasks, ids]);
  return selected.length > 0 ? <BulkBar workspaceId={workspaceId} selected={selected} onDone={onDone} /> : null;
}

/**
 * The bar over a selection of tasks (issue 36): status, priority, due date, assignee and a label to add or
 * remove, applied to every selected task in one request, and Complete, which completes them at once. A field
 * whose values differ reads "Mixed" and is sent only when changed. The outcome comes as a toast with Undo for
 * the whole action (which puts back each task's status and completion too). Move to project moves them
 * (with their sub-tasks) to another project, Undo moving them back. Delete asks first, saying how many tasks
 * and sub-tasks go; its Undo has the server make them again from the copies it kept (for an hour).
 */
export function BulkBar({ workspaceId, selected, onDone }: { workspaceId: string; selected: readonly TaskView[]; onDone: () => void }) {
  const [change, setChange] = useState<BulkTaskChange>({});
  const set = (next: Partial<BulkTaskChange>) => setChange((current) => ({ ...current, ...next }));
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

  const status = change.status ?? commonValue(selected.map((task) => task.status));
  const priority = change.priority ?? commonValue(selected.map((task) => task.priority));
  const dueDate = change.dueDate !== undefined ? change.dueDate : commonValue(selected.map((task) => task.dueDate));
  const assignee = change.assignedTo !== undefined ? change.assignedTo : commonValue(selected.map((task) => task.assignedTo));
  const nothingChanged = Object.values(change).every((value) => value === undefined);

  const send = (sent: BulkTaskChange) => {
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
  const moveSelection = () => {
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
  const deleteSelection = async () => {
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
                        if (skipped.length > 0) toast.info(`${skipped.length} could not come back (their project or parent is gone).`);
                      },
                      onError: (error) => reportFailure(error, BULK_DELETE_UNDO_FAILED),
                    },
                  ),
              }
            : undefined;
          toast.success(`Deleted ${deleted.length} ${deleted.length === 1 ? 'task' : 'tasks'}.${leftNote}`, undo);
        },
        onError: (error) => reportFailure(error, BULK_DELETE_FAILED),
      },
    );
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    send(change);
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
        {(members.data ?? []).map((member) => (
          <option key={member.userId} value={member.userId}>
            {member.displayName}
          </option>
        ))}
      </SelectField>
      {labels.data?.length ? (
        <>
          <LabelSelect label="Add label" labels={labels.data} value={change.addLabelIds} onChange={(addLabelIds) => set({ addLabelIds })} />
          <LabelSelect label="Remove label" labels={labels.data} value={change.removeLabelIds} onChange={(removeLabelIds) => set({ removeLabelIds })} />
        </>
      ) : null}
      <Button type="submit" variant="primary" size="sm" loading={update.isPending} disabled={nothingChanged}>
        Apply to {selected.length}
      </Button>
      <Button type="button" size="sm" disabled={update.isPending} onClick={() => send({ completed: true })}>
        Complete {selected.length}
      </Button>
      <SelectField label="Move to project" name="bulk-move-project" value={target} onChange={(event) => setTarget(event.target.value)}>
        <option value="">Choose a project</option>
        {(projects.data ?? []).filter((project) => !project.archived).map((project) => (
          <option key={project.id} value={project.id}>
            {project.name}
          </option>
        ))}
      </SelectField>
      <Button type="button" size="sm" loading={move.isPending} disabled={!target || update.isPending} onClick={moveSelection}>
        Move {selected.length}
      </Button>
      <Button type="button" variant="danger" size="sm" loading={remove.isPending} disabled={update.isPending} onClick={() => void deleteSelection()}>
        Delete {selected.length}
      </Button>
      <Button type="button" variant="ghost" size="sm" onClick={onDone}>
        Clear selection
      </Button>
      {confirmDialog}
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
