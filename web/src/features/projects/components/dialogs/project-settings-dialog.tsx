import {
  DEFAULT_PREFERRED_DAYS,
  PROJECT_DESCRIPTION_MAX_LENGTH,
  PROJECT_NAME_MAX_LENGTH,
  priorities,
  weekDayNames,
  weekDays,
  type Priority,
  type ProjectSummary,
  type WeekDay,
} from '@shared/schemas/project';
import { Alert } from '@/components/ui/alert';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { CheckboxField, SelectField } from '@/components/ui/form-fields';
import { useFormMutation } from '@/hooks/use-form-mutation';
import { UPDATE_PROJECT_FAILED, useUpdateProject } from '../../api/project-mutations';
import { priorityLabels } from '../../utils/labels';
import { NameAndDescriptionFields } from './name-and-description-fields';
import { useVersionedForm } from '@/hooks/use-versioned-form';
import './project-settings.css';

function projectFormValues(project: ProjectSummary | undefined) {
  return {
    name: project?.name ?? '',
    description: project?.description ?? '',
    color: project?.color ?? '',
    deadline: project?.deadline ?? '',
    priority: project?.priority ?? 'medium',
    preferredDays: project?.preferredDays ?? [...DEFAULT_PREFERRED_DAYS],
  };
}


/** The days the weekly plan may put this project's work on, in week order. */
function PreferredDaysField({ value, onChange, error }: { value: readonly WeekDay[]; onChange: (days: WeekDay[]) => void; error?: string | undefined }) {
  const toggle = (day: WeekDay, on: boolean) => onChange(weekDays.filter((candidate) => (candidate === day ? on : value.includes(candidate))));
  return (
    <fieldset className="field preferred-days">
      <legend>Preferred Days</legend>
      <p className="field-hint">The weekly plan schedules this project's tasks on these days only.</p>
      <div className="preferred-days-options">
        {weekDays.map((day) => (
          <CheckboxField key={day} label={weekDayNames[day]} checked={value.includes(day)} onChange={(on) => toggle(day, on)} />
        ))}
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** 'Edit Project': name (required), description, colour, deadline, priority and the weekly plan's days. */
export function ProjectSettingsDialog({ project, onClose }: { project: ProjectSummary; onClose: () => void }) {
  const { base, values, update: set, markConflict } = useVersionedForm(project, projectFormValues);
  const { pending, error, fieldError, submitWith } = useFormMutation(useUpdateProject(), UPDATE_PROJECT_FAILED, markConflict);
  // Saved with the version the form was filled from.
  const save = () => ({ project: base ?? project, edit: { ...values, deadline: values.deadline === '' ? null : values.deadline } });

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
        <PreferredDaysField value={values.preferredDays} onChange={(preferredDays) => set({ preferredDays })} error={fieldError('preferredDays')} />
        <FormFooter submitLabel="Save Changes" pending={pending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
