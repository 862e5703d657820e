import type { NoteView, ProjectSummary } from '@shared/schemas/project';
import { Button } from '@/components/ui/button';
import { MarkdownContent } from '@/components/ui/markdown';
import { timeAgo } from '@/lib/format-date';
import { ColorDot } from '../color-dot';
import './note-card.css';

/** A note card shows the first 200 characters of its content (spec pages §9). */
export const NOTE_PREVIEW_LENGTH = 200;

export function notePreview(content: string): string {
  return content.length > NOTE_PREVIEW_LENGTH ? `${content.slice(0, NOTE_PREVIEW_LENGTH)}…` : content;
}

/**
 * A note's card: title, its project (where notes of several projects are shown), when it was last edited, a
 * preview. The title is a button stretched over the whole card (one tab stop), so a click anywhere on the
 * card opens the note; Edit (the same, said plainly: spec pages §2 'cards with edit and delete') and Delete
 * sit above it as the card's own controls.
 */
export function NoteCard({
  note,
  project,
  onOpen,
  onEdit,
  onDelete,
}: {
  note: NoteView;
  project?: Pick<ProjectSummary, 'name' | 'color'> | undefined;
  /** Opens the note to read (its title, anywhere on the card). */
  onOpen: (note: NoteView) => void;
  /** Opens it in the Edit Note form. */
  onEdit: (note: NoteView) => void;
  onDelete: (note: NoteView) => void;
}) {
  return (
    <article className="note-card card" aria-labelledby={`note-${note.id}`}>
      <h3 id={`note-${note.id}`} className="note-card-title">
        <button type="button" className="note-card-open" onClick={() => onOpen(note)}>
          {note.title}
        </button>
      </h3>
      {project ? (
        <p className="note-card-project">
          <ColorDot color={project.color} />
          {project.name}
        </p>
      ) : null}
      <p className="muted note-card-date">
        Updated <time dateTime={note.updatedAt}>{timeAgo(note.updatedAt, new Date())}</time>
      </p>
      {note.content ? <MarkdownContent className="note-card-preview" variant="preview">{notePreview(note.content)}</MarkdownContent> : null}
      <div className="note-card-actions">
        <Button size="sm" variant="ghost" aria-label={`Edit note ${note.title}`} onClick={() => onEdit(note)}>
          Edit
        </Button>
        <Button size="sm" variant="ghost" aria-label={`Delete note ${note.title}`} onClick={() => onDelete(note)}>
          Delete
        </Button>
      </div>
    </article>
  );
}

export function NotesGrid({
  notes,
  onOpen,
  onEdit,
  onDelete,
}: {
  notes: readonly NoteView[];
  onOpen: (note: NoteView) => void;
  onEdit: (note: NoteView) => void;
  onDelete: (note: NoteView) => void;
}) {
  if (notes.length === 0) return <p className="muted">No notes yet</p>;
  return (
    <div className="notes-grid">
      {notes.map((note) => (
        <NoteCard key={note.id} note={note} onOpen={onOpen} onEdit={onEdit} onDelete={onDelete} />
      ))}
    </div>
  );
}
