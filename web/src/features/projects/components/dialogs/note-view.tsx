import { useState } from 'react';
import { withTaskItemChecked } from '@shared/rules/markdown-tasks';
import type { NoteView as Note } from '@shared/schemas/project';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { MarkdownContent } from '@/components/ui/markdown';
import { writeError } from '@/lib/write-error';
import { useUpdateNote } from '../../api/note-mutations';
import { NOTHING_TO_PREVIEW, NoteDialog } from './note-dialog';

const TICK_FAILED = 'Failed to update the checklist';

/**
 * A note as it is opened (issue 32): rendered, with Edit beside it (the Edit Note form). A checklist item
 * ticked here is saved at once: the note's markdown with that box changed, on the version shown (someone's
 * edit meanwhile refuses it, and the note as they left it is shown).
 */
export function OpenNote({
  workspaceId,
  note,
  projects,
  onClose,
  startEditing = false,
}: {
  workspaceId: string;
  /** Open in the Edit Note form (the card's Edit) rather than as it reads. */
  startEditing?: boolean;
  /** The note as the cache holds it now. */
  note: Note;
  projects: readonly { id: string; name: string }[];
  onClose: () => void;
}) {
  const [editing, setEditing] = useState(startEditing);
  const update = useUpdateNote();
  const [failure, setFailure] = useState<unknown>(null);
  // The note as this view last saved it (a list read may bring it later), and a tick on its way.
  const [saved, setSaved] = useState<Note | null>(null);
  const [sending, setSending] = useState<string | null>(null);
  const current = saved && saved.version > note.version ? saved : note;
  const content = sending ?? current.content;
  if (editing) return <NoteDialog workspaceId={workspaceId} note={current} projects={projects} defaultProjectId={current.projectId} onClose={onClose} />;

  const tick = (offset: number, checked: boolean) => {
    const next = withTaskItemChecked(content, offset, checked);
    if (next === undefined) return;
    setFailure(null);
    setSending(next);
    update.mutate({ workspaceId, note: current, edit: { content: next } }, { onSuccess: setSaved, onError: setFailure, onSettled: () => setSending(null) });
  };
  const projectName = projects.find((project) => project.id === current.projectId)?.name;
  return (
    <Dialog
      title={current.title}
      className="dialog-wide"
      onClose={onClose}
      description={projectName ? `In ${projectName}` : undefined}
      headerActions={
        <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
          Edit
        </Button>
      }
    >
      {failure ? <Alert>{writeError(failure, TICK_FAILED).message}</Alert> : null}
      {content.trim() ? (
        // One tick at a time: each is saved on the version the last one left.
        <MarkdownContent className="note-preview" {...(sending === null ? { onToggleTask: tick } : {})}>
          {content}
        </MarkdownContent>
      ) : (
        <p className="muted">{NOTHING_TO_PREVIEW}</p>
      )}
    </Dialog>
  );
}
