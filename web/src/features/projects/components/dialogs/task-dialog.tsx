import type { FormEvent } from 'react';
import { priorities, TASK_DESCRIPTION_MAX_LENGTH, TASK_TITLE_MAX_LENGTH, TIME_ESTIMATE_STEP_MINUTES, taskStatuses, type TaskView } from '../../../../../../shared/schemas/project';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { useConfirm } from '../../../../components/ui/confirm-dialog';
import { Dialog } from '../../../../components/ui/dialog';
import { Field } from '../../../../components/ui/field';
import { CheckboxField, SelectField, TextAreaField } from '../../../../components/ui/form-fields';
import { taskFormValues, taskInput, withCompleted, withStatus, type TaskFormValues } from '../../utils/task-form';
import { priorityLabels } from '../../utils/labels';
import { columnTitle } from '../../utils/task-groups';
import { FormFooter } from './form-footer';
import { useVersionedForm } from './use-versioned-form';
import { useWrite } from './use-write';

export const DELETE_TASK_CONFIRMATION = 'Are you sure you want to delete this task?';

/** What the form sends: the create body, plus `completed` when editing. */
export type TaskDialogInput = Omit<ReturnType<typeof taskInput>, 'completed'> & { completed?: boolean };

type TaskDialogProps =
  | { mode: 'create'; onSubmit: (input: TaskDialogInput) => Promise<unknown>; onClose: () => void }
  | {
      mode: 'edit';
      task: TaskView;
      /** `read`: the task as the form was filled from it (its version goes with the save). */
      onSubmit: (input: TaskDialogInput, read: TaskView) => Promise<unknown>;
      onDelete: () => void;
      onClose: () => void;
    };

/** 'Create New Task' and 'Edit Task' (spec core §2): one form; editing adds 'Mark as completed' and Delete. */
export function TaskDialog(props: TaskDialogProps) {
  const editing = props.mode === 'edit';
  const { base, values, setValues, markConflict } = useVersionedForm(editing ? props.task : undefined, taskFormValues);
  const { pending, error, fieldError, run } = useWrite(editing ? 'Failed to update task' : 'Failed to create task', markConflict);
  const { confirm, dialog: confirmDialog } = useConfirm();
  const set = (patch: Partial<TaskFormValues>) => setValues((current) => ({ ...current, ...patch }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { completed, ...fields } = taskInput(values);
    // A new task's completion follows its status; only the edit form has the box.
    const write = () => (props.mode === 'edit' ? props.onSubmit({ ...fields, completed }, base ?? props.task) : props.onSubmit(fields));
    if (await run(write)) props.onClose();
  };

  const onDelete = async () => {
    if (props.mode !== 'edit') return;
    if (await confirm({ message: DELETE_TASK_CONFIRMATION, title: 'Delete Task', confirmLabel: 'Delete', danger: true })) props.onDelete();
  };

  return (
    <Dialog title={editing ? 'Edit Task' : 'Create New Task'} onClose={props.onClose}>
      <form className="form" onSubmit={(event) => void onSubmit(event)}>
        {error ? <Alert>{error.message}</Alert> : null}
        <Field
          label="Title"
          name="title"
          required
          maxLength={TASK_TITLE_MAX_LENGTH}
          autoComplete="off"
          value={values.title}
          onChange={(event) => set({ title: event.target.value })}
          error={fieldError('title')}
        />
        <TextAreaField
          label="Description"
          name="description"
          rows={3}
          maxLength={TASK_DESCRIPTION_MAX_LENGTH}
          value={values.description}
          onChange={(event) => set({ description: event.target.value })}
          error={fieldError('description')}
        />
        <div className="form-row">
          <SelectField
            label="Status"
            name="status"
            value={values.status}
            onChange={(event) => setValues((current) => withStatus(current, event.target.value as TaskFormValues['status']))}
            error={fieldError('status')}
          >
            {taskStatuses.map((status) => (
              <option key={status} value={status}>
                {columnTitle(status)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Priority"
            name="priority"
            value={values.priority}
            onChange={(event) => set({ priority: event.target.value as TaskFormValues['priority'] })}
            error={fieldError('priority')}
          >
            {priorities.map((priority) => (
              <option key={priority} value={priority}>
                {priorityLabels[priority]}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="form-row">
          <Field label="Due Date" name="dueDate" type="date" value={values.dueDate} onChange={(event) => set({ dueDate: event.target.value })} error={fieldError('dueDate')} />
          <Field
            label="Time Estimate (minutes)"
            name="timeEstimate"
            type="number"
            min={0}
            step={TIME_ESTIMATE_STEP_MINUTES}
            inputMode="numeric"
            value={values.timeEstimate}
            onChange={(event) => set({ timeEstimate: event.target.value })}
            error={fieldError('timeEstimate')}
            hint="Leave blank for none."
          />
        </div>
        {editing ? <CheckboxField label="Mark as completed" checked={values.completed} onChange={(completed) => setValues((current) => withCompleted(current, completed))} /> : null}
        <FormFooter
          submitLabel={editing ? 'Save Changes' : 'Create Task'}
          pending={pending}
          onCancel={props.onClose}
          start={
            editing ? (
              <Button variant="danger" onClick={() => void onDelete()} disabled={pending}>
                Delete Task
              </Button>
            ) : undefined
          }
        />
      </form>
      {confirmDialog}
    </Dialog>
  );
}
