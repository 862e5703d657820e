import { useEffect, useRef, useState, type FormEvent } from 'react';
import { DEFAULT_LABEL_COLOR, LABEL_NAME_MAX_LENGTH, type LabelView } from '@shared/schemas/label';
import type { WorkspaceView } from '@shared/schemas/workspace';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { useFormMutation } from '@/hooks/use-form-mutation';
import { apiErrorMessage } from '@/lib/api-client';
import { DELETE_LABEL_FAILED, SAVE_LABEL_FAILED, useCreateLabel, useDeleteLabel, useLabels, useUpdateLabel } from '../api/labels';
import { LabelChip } from './label-chips';
import './labels.css';

interface LabelValues {
  readonly name: string;
  readonly color: string;
}

/** Name and colour of a label, with its submit button; the server's message under the field it names. */
function LabelForm({
  title,
  initial,
  submitLabel,
  pending,
  fieldError,
  onSubmit,
  onCancel,
}: {
  /** The form's name for screen readers: 'Add a label', 'Edit Bug'. */
  title: string;
  initial: LabelValues;
  submitLabel: string;
  pending: boolean;
  fieldError: (field: string) => string | undefined;
  /** The form's submit handler for these values; `reset` empties the form (after an add). */
  onSubmit: (values: LabelValues, reset: () => void) => (event: FormEvent<HTMLFormElement>) => void;
  /** An edit form: it takes the focus when it opens (the Edit button it replaces is gone), and has Cancel. */
  onCancel?: () => void;
}) {
  const [values, setValues] = useState(initial);
  const nameRef = useRef<HTMLInputElement>(null);
  const editing = onCancel !== undefined;
  useEffect(() => {
    if (editing) nameRef.current?.focus();
  }, [editing]);
  return (
    <form
      className="label-form"
      aria-label={title}
      onSubmit={(event) => onSubmit(values, () => setValues(initial))(event)}
    >
      <Field ref={nameRef} label="Label name" required maxLength={LABEL_NAME_MAX_LENGTH} value={values.name} onChange={(event) => setValues({ ...values, name: event.target.value })} error={fieldError('name')} />
      <Field label="Colour" type="color" value={values.color} onChange={(event) => setValues({ ...values, color: event.target.value })} error={fieldError('color')} />
      <Button type="submit" variant="primary" loading={pending}>
        {submitLabel}
      </Button>
      {onCancel ? <Button onClick={onCancel}>Cancel</Button> : null}
    </form>
  );
}

function EditLabel({ workspaceId, label, onDone }: { workspaceId: string; label: LabelView; onDone: () => void }) {
  const update = useUpdateLabel(workspaceId);
  const { pending, error, fieldError, submitWith } = useFormMutation(update, SAVE_LABEL_FAILED);
  return (
    <div>
      {error && Object.keys(error.fields).length === 0 ? <Alert>{error.message}</Alert> : null}
      <LabelForm
        title={`Edit ${label.name}`}
        initial={{ name: label.name, color: label.color.toLowerCase() }}
        submitLabel="Save Label"
        pending={pending}
        fieldError={fieldError}
        onCancel={onDone}
        onSubmit={(values) => submitWith(() => ({ labelId: label.id, version: label.version, ...values }), onDone)}
      />
    </div>
  );
}

/**
 * Workspace Settings' Labels card (issue 36): every member sees the workspace's labels; owners and admins
 * add, rename, recolour and delete them (deleting takes a label off every task).
 */
export function LabelsCard({ workspace }: { workspace: WorkspaceView }) {
  const labels = useLabels(workspace.id);
  const create = useCreateLabel(workspace.id);
  const remove = useDeleteLabel(workspace.id);
  const adding = useFormMutation(create, SAVE_LABEL_FAILED);
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState<string | null>(null);
  const mayManage = workspace.role === 'owner' || workspace.role === 'admin';

  const onDelete = async (label: LabelView) => {
    const message = `Delete the label "${label.name}"? It is taken off every task that has it.`;
    if (await confirm({ message, title: 'Delete Label', confirmLabel: 'Delete', danger: true })) remove.mutate(label);
  };

  return (
    <Card title="Labels">
      {labels.isError ? <Alert>Failed to load labels</Alert> : null}
      {remove.isError ? <Alert>{apiErrorMessage(remove.error, DELETE_LABEL_FAILED)}</Alert> : null}
      {labels.data?.length === 0 ? <p className="muted">No labels yet.</p> : null}
      <ul className="labels-list">
        {(labels.data ?? []).map((label) =>
          editing === label.id ? (
            <li key={label.id}>
              <EditLabel workspaceId={workspace.id} label={label} onDone={() => setEditing(null)} />
            </li>
          ) : (
            <li key={label.id}>
              <LabelChip label={label} />
              {mayManage ? (
                <>
                  <Button size="sm" aria-label={`Edit ${label.name}`} onClick={() => setEditing(label.id)}>
                    Edit
                  </Button>
                  <Button size="sm" variant="danger" aria-label={`Delete ${label.name}`} disabled={remove.isPending} onClick={() => void onDelete(label)}>
                    Delete
                  </Button>
                </>
              ) : null}
            </li>
          ),
        )}
      </ul>
      {mayManage ? (
        <>
          {adding.error && Object.keys(adding.error.fields).length === 0 ? <Alert>{adding.error.message}</Alert> : null}
          <LabelForm
            title="Add a label"
            initial={{ name: '', color: DEFAULT_LABEL_COLOR.toLowerCase() }}
            submitLabel="Add Label"
            pending={adding.pending}
            fieldError={adding.fieldError}
            onSubmit={(values, reset) => adding.submitWith(() => values, reset)}
          />
        </>
      ) : (
        <p className="muted">Only owners and admins can change labels. Anyone can put them on tasks.</p>
      )}
      {dialog}
    </Card>
  );
}
