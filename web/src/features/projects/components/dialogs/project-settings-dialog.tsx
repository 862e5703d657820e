import { PROJECT_DESCRIPTION_MAX_LENGTH, PROJECT_NAME_MAX_LENGTH, priorities, type Priority, type ProjectView } from '../../../../../../shared/schemas/project';
import { Alert } from '../../../../components/ui/alert';
import { Dialog } from '../../../../components/ui/dialog';
import { Field } from '../../../../components/ui/field';
import { FormFooter } from '../../../../components/ui/form-footer';
import { SelectField } from '../../../../components/ui/form-fields';
import { UPDATE_PROJECT_FAILED } from '../../api/projects-api';
import { priorityLabels } from '../../utils/labels';
import { NameAndDescriptionFields } from './name-and-description-fields';
import { useVersionedForm } from './use-versioned-form';
import { useWrite } from './use-write';

export interface ProjectSettingsInput {
  readonly name: string;
  readonly description: string;
  readonly color: string;
  readonly deadline: string | null;
  readonly priority: Priority;
}

function projectFormValues(project: ProjectView | undefined) {
  return {
    name: project?.name ?? '',
    description: project?.description ?? '',
    color: project?.color ?? '',
    deadline: project?.deadline ?? '',
    priority: project?.priority ?? 'medium',
  };
}

/** 'Edit Project': name (required), description, colour, deadline and priority. */
export function ProjectSettingsDialog({
  project,
  onSubmit,
  onClose,
}: {
  project: ProjectView;
  /** `read`: the project as the form was filled from it (its version goes with the save). */
  onSubmit: (input: ProjectSettingsInput, read: ProjectView) => Promise<unknown>;
  onClose: () => void;
}) {
  const { base, values, update: set, markConflict } = useVersionedForm(project, projectFormValues);
  const { pending, error, fieldError, submitWith } = useWrite(UPDATE_PROJECT_FAILED, markConflict);
  const save = () => onSubmit({ ...values, deadline: values.deadline === '' ? null : values.deadline }, base ?? project);

  return (
    <Dialog title="Edit Project" onClose={onClose}>
      <form className="form" onSubmit={submitWith(save, onClose)}>
        {error ? <Alert>{error.message}</Alert> : null}
        <NameAndDescriptionFields
          label="Project Name"
          name="name"
          maxLength={PROJECT_NAME_MAX_LENGTH}
          descriptionMaxLength={PROJECT_DESCRIPTION_MAX_LENGTH}
          value={values.name}
          description={values.description}
          onNameChange={(name) => set({ name })}
          onDescriptionChange={(description) => set({ description })}
          fieldError={fieldError}
        />
        <div className="form-row">
          <Field label="Project Color" name="color" type="color" className="field-color" value={values.color.toLowerCase()} onChange={(event) => set({ color: event.target.value })} error={fieldError('color')} />
          <Field label="Deadline" name="deadline" type="date" value={values.deadline} onChange={(event) => set({ deadline: event.target.value })} error={fieldError('deadline')} />
          <SelectField label="Priority" name="priority" value={values.priority} onChange={(event) => set({ priority: event.target.value as Priority })} error={fieldError('priority')}>
            {priorities.map((priority) => (
              <option key={priority} value={priority}>
                {priorityLabels[priority]}
              </option>
            ))}
          </SelectField>
        </div>
        <FormFooter submitLabel="Save Changes" pending={pending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
