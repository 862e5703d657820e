import type { WorkspaceView } from '@shared/schemas/workspace';
import { WORKSPACE_NAME_MAX_LENGTH } from '@shared/schemas/workspace';
import { Alert } from '@/components/ui/alert';
import { Field } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { useFormMutation } from '@/hooks/use-form-mutation';
import { useVersionedForm } from '@/hooks/use-versioned-form';
import { useUpdateWorkspace } from '../api/update-workspace';

export const RENAME_WORKSPACE_FAILED = 'Failed to rename workspace';

/**
 * Renames the workspace (owners and admins), from the version shown: after someone else's change the form
 * refills with it instead of overwriting it. The slug stays as it was made.
 */
export function RenameWorkspaceForm({ workspace, onDone }: { workspace: WorkspaceView; onDone: () => void }) {
  const { base, values, update: set, markConflict } = useVersionedForm(workspace, (current) => ({ name: current?.name ?? '' }));
  const rename = useFormMutation(useUpdateWorkspace(workspace.id), RENAME_WORKSPACE_FAILED, markConflict);
  const onSubmit = rename.submitWith(() => ({ name: values.name, version: (base ?? workspace).version }), onDone);

  return (
    <form className="form rename-workspace-form" onSubmit={onSubmit}>
      {rename.error ? <Alert>{rename.error.message}</Alert> : null}
      <Field
        label="Workspace Name"
        name="name"
        required
        maxLength={WORKSPACE_NAME_MAX_LENGTH}
        autoComplete="off"
        // eslint-disable-next-line jsx-a11y-x/no-autofocus -- the form opens because the user asked to rename: focus belongs in it
        autoFocus
        value={values.name}
        onChange={(event) => set({ name: event.target.value })}
        error={rename.fieldError('name')}
      />
      <FormFooter submitLabel="Save Name" pending={rename.pending} onCancel={onDone} />
    </form>
  );
}
