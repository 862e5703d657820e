import { useState, type FormEvent } from 'react';
import {
  createProjectInput,
  DEFAULT_PROJECT_COLOR,
  PROJECT_DESCRIPTION_MAX_LENGTH,
  PROJECT_NAME_MAX_LENGTH,
  type ProjectView,
} from '../../../../../shared/schemas/project';
import { Alert } from '../../../components/ui/alert';
import { Field } from '../../../components/ui/field';
import { FormFooter } from '../../../components/ui/form-footer';
import { TextAreaField } from '../../../components/ui/form-fields';
import { ApiError } from '../../../lib/api-client';
import { fieldErrorsOf } from '../../../../../shared/schemas/field-errors';
import { CREATE_PROJECT_FAILED, createProject } from '../api/projects-api';
import { useProjects } from './projects-provider';
import './project-list.css';

const formFields = ['name', 'description', 'color', 'deadline'] as const;
type FormField = (typeof formFields)[number];
type FieldMessages = Partial<Record<FormField, string>>;

/** The messages of the form's own fields, or null when one names something the form does not show. */
function messagesByField(errors: readonly { field: string; message: string }[]): FieldMessages | null {
  const messages: FieldMessages = {};
  for (const { field, message } of errors) {
    const known = formFields.find((candidate) => candidate === field);
    if (!known) return null;
    messages[known] ??= message;
  }
  return messages;
}

/**
 * Create Project (spec core §2): checks the fields with the API's schema, saves, reloads the project list
 * and calls onCreated. A 400 shows the server's messages next to their fields; anything else 'Failed to
 * create project'.
 */
export function CreateProjectForm({
  workspaceId,
  onCreated,
  onCancel,
}: {
  workspaceId: string;
  onCreated: (project: ProjectView) => void;
  onCancel: () => void;
}) {
  const { reload } = useProjects();
  const [values, setValues] = useState({ name: '', description: '', color: DEFAULT_PROJECT_COLOR.toLowerCase(), deadline: '' });
  const [errors, setErrors] = useState<FieldMessages>({});
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  const change = (field: FormField, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(undefined);
    const input = { ...values, deadline: values.deadline || null };
    const checked = createProjectInput.safeParse(input);
    if (!checked.success) {
      setErrors(messagesByField(fieldErrorsOf(checked.error)) ?? {});
      return;
    }
    setPending(true);
    try {
      const project = await createProject(workspaceId, input);
      await reload();
      onCreated(project);
    } catch (caught) {
      const fromServer = caught instanceof ApiError && caught.status === 400 ? messagesByField(caught.fields) : null;
      if (fromServer && Object.keys(fromServer).length > 0) setErrors(fromServer);
      else setError(CREATE_PROJECT_FAILED);
      setPending(false);
    }
  };

  return (
    <form className="form" onSubmit={(event) => void onSubmit(event)}>
      {error ? <Alert>{error}</Alert> : null}
      <Field
        label="Project Name"
        name="name"
        required
        maxLength={PROJECT_NAME_MAX_LENGTH}
        autoComplete="off"
        placeholder="e.g. Website relaunch"
        value={values.name}
        onChange={(event) => change('name', event.target.value)}
        error={errors.name}
      />
      <TextAreaField
        label="Description"
        name="description"
        rows={4}
        maxLength={PROJECT_DESCRIPTION_MAX_LENGTH}
        placeholder="What is this project about?"
        value={values.description}
        onChange={(event) => change('description', event.target.value)}
        error={errors.description}
      />
      <Field
        label="Project Color"
        name="color"
        type="color"
        className="field-color"
        hint={values.color.toUpperCase()}
        value={values.color}
        onChange={(event) => change('color', event.target.value)}
        error={errors.color}
      />
      <Field
        label="Deadline"
        name="deadline"
        type="date"
        hint="Optional"
        value={values.deadline}
        onChange={(event) => change('deadline', event.target.value)}
        error={errors.deadline}
      />
      <FormFooter submitLabel="Create Project" pending={pending} onCancel={onCancel} />
    </form>
  );
}
