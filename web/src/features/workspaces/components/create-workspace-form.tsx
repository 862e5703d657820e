import { useState, type FormEvent } from 'react';
import type { WorkspaceView } from '@shared/schemas/workspace';
import { WORKSPACE_NAME_MAX_LENGTH } from '@shared/schemas/workspace';
import { Alert } from '@/components/ui/alert';
import { Field } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { ApiError } from '@/lib/api-client';
import { useCurrentWorkspace } from '@/lib/current-workspace';
import { messageWithRetryHint } from '@/lib/retry-after';
import { CREATE_WORKSPACE_FAILED, useCreateWorkspace, validateCreateWorkspace } from '../api/create-workspace';

/** Creates a workspace (it joins the cached list), makes it the current one and calls onCreated. */
export function CreateWorkspaceForm({ onCreated, onCancel }: { onCreated: (workspace: WorkspaceView) => void; onCancel: () => void }) {
  const { setCurrentWorkspace } = useCurrentWorkspace();
  const create = useCreateWorkspace();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = validateCreateWorkspace({ name });
    setNameError(invalid.name);
    if (invalid.name) return;
    create.mutate(
      { name },
      {
        onSuccess: (workspace) => {
          setCurrentWorkspace(workspace.id);
          onCreated(workspace);
        },
        onError: (caught) => {
          if (caught instanceof ApiError && caught.status === 400) setNameError(caught.fieldMessage('name'));
        },
      },
    );
  };
  // The daily limit says when to try again; any other failure keeps the spec's text.
  const error = !create.isError
    ? undefined
    : create.error instanceof ApiError && create.error.status === 429
      ? messageWithRetryHint(create.error, CREATE_WORKSPACE_FAILED)
      : CREATE_WORKSPACE_FAILED;

  return (
    <form className="form" onSubmit={onSubmit}>
      {error ? <Alert>{error}</Alert> : null}
      <Field
        label="Workspace Name"
        name="name"
        required
        maxLength={WORKSPACE_NAME_MAX_LENGTH}
        autoComplete="off"
        placeholder="e.g. Acme Marketing"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setNameError(undefined);
        }}
        error={nameError}
      />
      <FormFooter submitLabel="Create Workspace" pending={create.isPending} onCancel={onCancel} />
    </form>
  );
}
