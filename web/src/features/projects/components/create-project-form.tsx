import { useState, type FormEvent } from 'react';
import {
  createProjectInput,
  DEFAULT_PROJECT_COLOR,
  PROJECT_DESCRIPTION_MAX_LENGTH,
  PROJECT_NAME_MAX_LENGTH,
  type ProjectSummary,
} from '@shared/schemas/project';
import { Alert } from '@/components/ui/alert';
import { Field } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { TextAreaField } from '@/components/ui/form-fields';
import { ApiError } from '@/lib/api-client';
import { fieldErrorsOf } from '@shared/schemas/field-errors';
import { CREATE_PROJECT_FAILED, useCreateProject } from '../api/project-mutations';
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
 * Create Project (spec core §2): checks the fields with the API's schema, saves (the project joins the
 * cached list) and calls onCreated. A 400 shows the server's messages next to their fields; anything else
 * 'Failed to create project'.
 */
export function CreateProjectForm({
  workspaceId,
  onCreated,
  onCancel,
}: {
  workspaceId: string;
  onCreated: (project: ProjectSummary) => void;
  onCancel: () => void;
}) {
  const create = useCreateProject(workspaceId);
  const [values, setValues] = useState({ name: '', description: '', color: DEFAULT_PROJECT_COLOR.toLowerCase(), deadline: '' });
  const [errors, setErrors] = useState<FieldMessages>({});

  const change = (field: FormField, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = { ...values, deadline: values.deadline || null };
    const checked = createProjectInput.safeParse(input);
    if (!checked.success) {
      setErrors(messagesByField(fieldErrorsOf(checked.error)) ?? {});
      return;
    }
    create.mutate(input, {
      onSuccess: onCreated,
      onError: (caught) => setErrors((caught instanceof ApiError && caught.status === 400 ? messagesByField(caught.fields) : null) ?? {}),
    });
  };
  // A refusal the fields explain is shown beside them; anything else as the form's message.
  const fieldsExplain = create.error instanceof ApiError && create.error.status === 400 && Object.keys(messagesByField(create.error.fields) ?? {}).length > 0;
  const error = create.isError && !fieldsExplain ? CREATE_PROJECT_FAILED : undefined;

  return (
    <form className="form" onSubmit={onSubmit}>
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
      <FormFooter submitLabel="Create Project" pending={create.isPending} onCancel={onCancel} />
    </form>
  );
}
