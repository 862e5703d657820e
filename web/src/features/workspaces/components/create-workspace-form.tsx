import { useState, type FormEvent } from 'react';
import type { WorkspaceView } from '../../../../../shared/schemas/workspace';
import { WORKSPACE_NAME_MAX_LENGTH } from '../../../../../shared/schemas/workspace';
import { Alert } from '../../../components/ui/alert';
import { Field } from '../../../components/ui/field';
import { FormFooter } from '../../../components/ui/form-footer';
import { ApiError } from '../../../lib/api-client';
import { CREATE_WORKSPACE_FAILED, createWorkspace, validateCreateWorkspace } from '../api/create-workspace';
import { useWorkspace } from './workspace-provider';

/** Creates a workspace, makes it the current one and reloads the list before calling onCreated. */
export function CreateWorkspaceForm({ onCreated, onCancel }: { onCreated: (workspace: WorkspaceView) => void; onCancel: () => void }) {
  const { setCurrentWorkspace, reload } = useWorkspace();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(undefined);
    const invalid = validateCreateWorkspace({ name });
    setNameError(invalid.name);
    if (invalid.name) return;
    setPending(true);
    try {
      const workspace = await createWorkspace({ name });
      setCurrentWorkspace(workspace.id);
      await reload();
      onCreated(workspace);
    } catch (caught) {
      setError(CREATE_WORKSPACE_FAILED);
      if (caught instanceof ApiError && caught.status === 400) setNameError(caught.fieldMessage('name'));
      setPending(false);
    }
  };

  return (
    <form className="form" onSubmit={(event) => void onSubmit(event)}>
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
      <FormFooter submitLabel="Create Workspace" pending={pending} onCancel={onCancel} />
    </form>
  );
}
