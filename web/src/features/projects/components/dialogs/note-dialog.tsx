import { useState } from 'react';
import { NOTE_CONTENT_MAX_LENGTH, NOTE_TITLE_MAX_LENGTH, type NoteView } from '@shared/schemas/project';
import { Alert, Notice } from '@/components/ui/alert';
import { UPDATED_BY_OTHERS } from '@/lib/write-error';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { SelectField, TextAreaField } from '@/components/ui/form-fields';
import { MarkdownContent } from '@/components/ui/markdown';
import { Tabs } from '@/components/ui/tabs';
import { useFormMutation } from '@/hooks/use-form-mutation';
import { useCreateNote, useUpdateNote } from '../../api/note-mutations';
import { useDiscardGuard } from '@/hooks/use-discard-guard';
import { useVersionedForm } from '@/hooks/use-versioned-form';
import './note-dialog.css';

export interface NoteInput {
  readonly title: string;
  readonly content: string;
  /** The project chosen in the selector. */
  readonly projectId: string;
}

export const NOTHING_TO_PREVIEW = 'Nothing to preview';

/**
 * 'Create New Note' and 'Edit Note': a title, the project (required; the current one by default), and
 * markdown content with Edit and Preview tabs, in a dialog that can fill the screen.
 */
export function NoteDialog({
  workspaceId,
  note,
  projects,
  defaultProjectId,
  onClose,
}: {
  workspaceId: string;
  /** The note to edit (saved with the version the form was filled from); absent to create one. */
  note?: NoteView;
  /** The projects the note may belong to. */
  projects: readonly { id: string; name: string }[];
  defaultProjectId: string;
  onClose: () => void;
}) {
  const toValues = (current: NoteView | undefined): NoteInput => ({
    title: current?.title ?? '',
    content: current?.content ?? '',
    projectId: current?.projectId ?? defaultProjectId,
  });
  const { base, values, update: set, markConflict, dirty, updatedByOthers } = useVersionedForm(note, toValues);
  const { requestClose, confirmDialog } = useDiscardGuard(dirty, onClose);
  const [tab, setTab] = useState<'edit' | 'preview'>('edit');
  const [fullScreen, setFullScreen] = useState(false);
  const create = useFormMutation(useCreateNote(workspaceId), 'Failed to create note');
  const update = useFormMutation(useUpdateNote(), 'Failed to update note', markConflict);
  const { pending, error, fieldError } = base ? update : create;
  const onSubmit = base ? update.submitWith(() => ({ workspaceId, note: base, edit: values }), onClose) : create.submitWith(() => values, onClose);

  return (
    <Dialog
      title={note ? 'Edit Note' : 'Create New Note'}
      onClose={requestClose}
      className={fullScreen ? 'dialog-wide dialog-fullscreen' : 'dialog-wide'}
      headerActions={
        <button type="button" className="btn btn-ghost btn-sm" aria-pressed={fullScreen} onClick={() => setFullScreen((value) => !value)}>
          Full screen
        </button>
      }
    >
      <form className="form note-form" onSubmit={onSubmit}>
        {error ? <Alert>{error.message}</Alert> : null}
        {updatedByOthers && !error ? <Notice>{UPDATED_BY_OTHERS}</Notice> : null}
        <div className="form-row">
          <Field
            label="Title"
            name="title"
            required
            maxLength={NOTE_TITLE_MAX_LENGTH}
            autoComplete="off"
            value={values.title}
            onChange={(event) => set({ title: event.target.value })}
            error={fieldError('title')}
          />
          <SelectField label="Project" name="projectId" required value={values.projectId} onChange={(event) => set({ projectId: event.target.value })} error={fieldError('projectId')}>
            {projects.map((project) => (
              <option key={project.id} value={project.id}>
                {project.name}
              </option>
            ))}
          </SelectField>
        </div>
        <Tabs
          label="Content"
          className="note-content-tabs"
          selected={tab}
          onSelect={setTab}
          items={[
            {
              id: 'edit',
              label: 'Edit',
              content: (
                <TextAreaField
                  label="Content (Markdown)"
                  name="content"
                  className="note-content-field"
                  rows={12}
                  maxLength={NOTE_CONTENT_MAX_LENGTH}
                  value={values.content}
                  onChange={(event) => set({ content: event.target.value })}
                  error={fieldError('content')}
                />
              ),
            },
            {
              id: 'preview',
              label: 'Preview',
              content: values.content.trim() ? <MarkdownContent className="note-preview">{values.content}</MarkdownContent> : <p className="muted">{NOTHING_TO_PREVIEW}</p>,
            },
          ]}
        />
        <FormFooter submitLabel={note ? 'Save Changes' : 'Create Note'} pending={pending} onCancel={requestClose} />
      </form>
      {confirmDialog}
    </Dialog>
  );
}
