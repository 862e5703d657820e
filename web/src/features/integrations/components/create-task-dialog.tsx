import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { TASK_TITLE_MAX_LENGTH } from '@shared/schemas/project';
import { ActionAlert, Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/form-fields';
import { paths } from '@/config/paths';
import { SkeletonLines } from '@/components/ui/skeleton';

export const CREATE_TASK_FAILED = 'Failed to create task';
export const LOAD_PROJECTS_FAILED = 'Failed to load projects';
export const TITLE_REQUIRED = 'Title is required';

export interface ProjectChoice {
  readonly id: string;
  readonly name: string;
}

export type ProjectChoices =
  | { readonly status: 'loading' }
  | { readonly status: 'failed'; readonly retry: () => void }
  | { readonly status: 'ready'; readonly projects: readonly ProjectChoice[] };

/** The task made from an action item. */
export interface CreatedTaskRef {
  readonly projectId: string;
  readonly taskId: string;
}

/**
 * The dialog that really creates a task from an action item. Tasks belong to the projects feature, which
 * this feature does not import: the app passes a component taking these props (it reads the projects and
 * runs the create-task mutation, then renders CreateTaskFromItemDialog).
 */
export interface ActionItemTaskDialogProps {
  /** The action item's text: the task's title to start with. */
  readonly title: string;
  /** Where the task came from, saved as its description. */
  readonly description: string;
  readonly meetingTitle: string;
  readonly onCreated: (task: CreatedTaskRef) => void;
  readonly onClose: () => void;
}

/** The form of that dialog: a project of the current workspace and the title (kept from the item). */
export function CreateTaskFromItemDialog({
  defaultTitle,
  meetingTitle,
  projects,
  projectId,
  onProjectChange,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  defaultTitle: string;
  meetingTitle: string;
  projects: ProjectChoices;
  projectId: string;
  onProjectChange: (projectId: string) => void;
  pending: boolean;
  error: string | null;
  onSubmit: (title: string) => void;
  onClose: () => void;
}) {
  const [title, setTitle] = useState(defaultTitle);
  const [titleError, setTitleError] = useState<string | undefined>(undefined);
  const canCreate = projects.status === 'ready' && projects.projects.length > 0 && projectId !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canCreate || pending) return;
    const trimmed = title.trim();
    if (trimmed === '') {
      setTitleError(TITLE_REQUIRED);
      return;
    }
    onSubmit(trimmed);
  };

  return (
    <Dialog title="Create Task" description={`From the action item of the meeting “${meetingTitle}”.`} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        {error ? <Alert>{error}</Alert> : null}
        {projects.status === 'loading' ? (
          <SkeletonLines label="Loading projects…" lines={2} />
        ) : projects.status === 'failed' ? (
          <ActionAlert message={LOAD_PROJECTS_FAILED} actionLabel="Retry" onAction={projects.retry} />
        ) : projects.projects.length === 0 ? (
          <p className="muted">
            This workspace has no projects yet. <Link to={paths.app.newProject.getHref()}>Create a project</Link> first.
          </p>
        ) : (
          <SelectField label="Project" required value={projectId} onChange={(event) => onProjectChange(event.target.value)}>
            {projects.projects.map((project) => (
              <option key={project.id} value={project.id}>
                {project.name}
              </option>
            ))}
          </SelectField>
        )}
        <Field
          label="Title"
          required
          value={title}
          maxLength={TASK_TITLE_MAX_LENGTH}
          onChange={(event) => {
            setTitle(event.target.value);
            if (titleError && event.target.value.trim() !== '') setTitleError(undefined);
          }}
          error={titleError}
        />
        <div className="form-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" loading={pending} disabled={!canCreate}>
            Create Task
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
