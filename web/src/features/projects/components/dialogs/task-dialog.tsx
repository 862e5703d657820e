import { useState, type FormEvent } from 'react';
import { priorities, TASK_DESCRIPTION_MAX_LENGTH, TASK_TITLE_MAX_LENGTH, TIME_ESTIMATE_STEP_MINUTES, taskStatuses, type TaskView } from '@shared/schemas/project';
import { Alert, Notice } from '@/components/ui/alert';
import { UPDATED_BY_OTHERS } from '@/lib/write-error';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { CheckboxField, SelectField } from '@/components/ui/form-fields';
import { useFormMutation } from '@/hooks/use-form-mutation';
import { LabelsField } from '@/features/labels';
import { useWorkspaceMembers } from '@/features/members';
import { useSubtaskContext } from '../../api/subtasks';
import { useCreateTask, useUpdateTask } from '../../api/task-mutations';
import { completeParentQuestion, deleteTaskQuestion } from '../../utils/subtask-questions';
import { taskFormValues, taskInput, withCompleted, withStatus, type TaskFormValues } from '../../utils/task-form';
import { priorityLabels } from '../../utils/labels';
import { columnTitle } from '../../utils/task-groups';
import { AssigneeField } from '../assignee';
import { BlockersField } from './blockers-field';
import { RepeatField, RepeatScopeField } from './repeat-field';
import { NameAndDescriptionFields } from './name-and-description-fields';
import { useDiscardGuard } from '@/hooks/use-discard-guard';
import { useVersionedForm } from '@/hooks/use-versioned-form';

type TaskDialogProps = { workspaceId: string; projectId: string; onClose: () => void } & (
  | {
      mode: 'create';
      /** The due date to start with (the calendar's day). */
      dueDate?: string;
      /** Offered in a Project selector (a page outside any project); `projectId` is the first choice. */
      projectChoices?: readonly { id: string; name: string }[];
      /** Told the task once it is saved (after the dialog closed). */
      onCreated?: (task: TaskView) => void;
    }
  | {
      mode: 'edit';
      /** Saved with the version the form was filled from. */
      task: TaskView;
      onDelete: () => void;
    }
);

/** 'Create New Task' and 'Edit Task' (spec core §2): one form; editing adds 'Mark as completed' and Delete. */
export function TaskDialog(props: TaskDialogProps) {
  const { workspaceId, onClose } = props;
  const editing = props.mode === 'edit';
  const createOptions = props.mode === 'create' ? props : undefined;
  const [projectId, setProjectId] = useState(props.projectId);
  const { base, values, setValues, update: set, markConflict, dirty, updatedByOthers } = useVersionedForm(editing ? props.task : undefined, (task) =>
    task ? taskFormValues(task) : { ...taskFormValues(), dueDate: createOptions?.dueDate ?? '' },
  );
  const create = useFormMutation(useCreateTask(workspaceId, projectId), 'Failed to create task');
  const updateTask = useUpdateTask();
  const [occurrenceOnly, setOccurrenceOnly] = useState(false);
  const update = useFormMutation(updateTask, 'Failed to update task', markConflict);
  const { pending, error, fieldError } = base ? update : create;
  const { confirm, choose, dialog: confirmDialog } = useConfirm();
  const members = useWorkspaceMembers(workspaceId);
  const { requestClose, confirmDialog: discardDialog } = useDiscardGuard(dirty, onClose);
  // Its sub-tasks (issue 36): completing it with open ones asks about them; a delete says how many go.
  const { progress } = useSubtaskContext(editing ? props.task : { id: '', projectId });
  const openSubtasks = progress ? progress.total - progress.done : 0;

  const saveEdit = (task: TaskView, completeSubtasks: boolean) =>
    update.submitWith(
      () => ({
        workspaceId,
        task,
        edit: { ...taskInput(values), ...(completeSubtasks ? { completeSubtasks } : {}), ...(occurrenceOnly ? { occurrenceOnly: true as const } : {}) },
      }),
      onClose,
    );
  const onEditSubmit = (task: TaskView) => (event: FormEvent<HTMLFormElement>) => {
    if (!values.completed || task.completed || openSubtasks === 0) {
      saveEdit(task, false)(event);
      return;
    }
    event.preventDefault();
    void choose(completeParentQuestion(values.title, openSubtasks)).then((choice) => {
      if (choice !== 'cancel') saveEdit(task, choice === 'confirm')(event);
    });
  };
  // A new task's completion follows its status; only the edit form has the box.
  const onSubmit = base
    ? onEditSubmit(base)
    : create.submitWith(
        () => {
          const { completed: _completed, repeat, ...fields } = taskInput(values);
          return repeat ? { ...fields, repeat } : fields;
        },
        (task) => {
          onClose();
          createOptions?.onCreated?.(task);
        },
      );

  const onDelete = async () => {
    if (props.mode !== 'edit') return;
    if (await confirm({ message: deleteTaskQuestion(progress?.total ?? 0), title: 'Delete Task', confirmLabel: 'Delete', danger: true })) props.onDelete();
  };

  return (
    <Dialog title={editing ? 'Edit Task' : 'Create New Task'} onClose={requestClose}>
      <form className="form" onSubmit={onSubmit}>
        {error ? <Alert>{error.message}</Alert> : null}
        {updatedByOthers && !error ? <Notice>{UPDATED_BY_OTHERS}</Notice> : null}
        {createOptions?.projectChoices ? (
          <SelectField label="Project" name="projectId" required value={projectId} onChange={(event) => setProjectId(event.target.value)}>
            {createOptions.projectChoices.map((project) => (
              <option key={project.id} value={project.id}>
                {project.name}
              </option>
            ))}
          </SelectField>
        ) : null}
        <NameAndDescriptionFields
          label="Title"
          name="title"
          maxLength={TASK_TITLE_MAX_LENGTH}
          descriptionMaxLength={TASK_DESCRIPTION_MAX_LENGTH}
          value={values.title}
          description={values.description}
          onNameChange={(title) => set({ title })}
          onDescriptionChange={(description) => set({ description })}
          fieldError={fieldError}
          mentionMembers={members.data ?? []}
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
        <AssigneeField value={values.assignedTo} onChange={(assignedTo) => set({ assignedTo })} error={fieldError('assignedTo')} />
        <BlockersField taskId={base?.id} value={values.blockedBy} onChange={(blockedBy) => set({ blockedBy })} error={fieldError('blockedBy')} />
        <LabelsField value={values.labelIds} onChange={(labelIds) => set({ labelIds })} error={fieldError('labelIds')} />
        <RepeatField value={values.repeat} dueDate={values.dueDate} onChange={(repeat) => set({ repeat })} error={fieldError('repeat.rule') ?? fieldError('repeat')} />
        {base?.repeat ? <RepeatScopeField occurrenceOnly={occurrenceOnly} onChange={setOccurrenceOnly} /> : null}
        {editing ? <CheckboxField label="Mark as completed" checked={values.completed} onChange={(completed) => setValues((current) => withCompleted(current, completed))} /> : null}
        <FormFooter
          submitLabel={editing ? 'Save Changes' : 'Create Task'}
          pending={pending}
          onCancel={requestClose}
          start={
            editing ? (
              <>
                <Button variant="danger" onClick={() => void onDelete()} disabled={pending}>
                  Delete Task
                </Button>
                {base?.repeat && !base.completed ? (
                  <Button onClick={() => updateTask.mutate({ workspaceId, task: base, edit: { skipOccurrence: true } }, { onSuccess: onClose })} disabled={pending}>
                    Skip this occurrence
                  </Button>
                ) : null}
              </>
            ) : undefined
          }
        />
      </form>
      {confirmDialog}
      {discardDialog}
    </Dialog>
  );
}
