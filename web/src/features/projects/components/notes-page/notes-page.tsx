import { useCallback, useState } from 'react';
import { MOVED_TO_TRASH } from '@/features/trash';
import { useToast } from '@/components/ui/toast';
import { sortProjects } from '@shared/rules/projects';
import type { NoteView } from '@shared/schemas/project';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { PlusIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { Menu, MenuItemRadio } from '@/components/ui/menu';
import { SkeletonCards } from '@/components/ui/skeleton';
import { MatchCount } from '@/components/ui/match-count';
import { useReportWriteFailure } from '@/hooks/use-report-write-failure';
import { matchesSearch } from '@/lib/search';
import { useProjects } from '../../api/get-projects';
import { useDeleteNote } from '../../api/note-mutations';
import { FETCH_NOTES_FAILED, useWorkspaceNotes } from '../../api/notes-list';
import { editedWithin, noteAgeFilters, noteAgeLabels, type NoteAgeFilter } from '../../utils/note-age';
import { NoteDialog } from '../dialogs/note-dialog';
import { OpenNote } from '../dialogs/note-view';
import { OpenItemDialog } from '../dialogs/open-item-dialog';
import { NoteCard } from '../project-detail/note-card';
import { ProjectFilter } from '../project-filter';
import { ProjectsLoaded } from '../projects-loaded';
import './notes-page.css';
import { readFailure } from '@/lib/load-failure';

const DELETE_NOTE_CONFIRMATION = 'Are you sure you want to delete this note?';

type Editing = { kind: 'new' } | { kind: 'edit'; noteId: string; form?: true } | null;

/**
 * /notes (spec pages §2 Notes page): every note of the workspace, newest edit first, from one paged read;
 * New Note, search (title and content), Filter (by when a note was last edited), a project filter, and each
 * card's Edit (the project page's note dialog: a note may move to another project) and Delete.
 */
export function NotesPage({ workspaceId }: { workspaceId: string }) {
  const notes = useWorkspaceNotes(workspaceId);
  const projectsQuery = useProjects();
  const projects = sortProjects((projectsQuery.data ?? []).filter((project) => !project.archived));
  const noProjects = projectsQuery.isSuccess && projects.length === 0;
  const projectsById = new Map(projects.map((project) => [project.id, project]));
  const remove = useDeleteNote();
  const reportFailure = useReportWriteFailure();
  const toast = useToast();
  const { confirm, dialog: confirmDialog } = useConfirm();
  const [search, setSearch] = useState('');
  const [projectId, setProjectId] = useState('');
  const [age, setAge] = useState<NoteAgeFilter>('any');
  const [editing, setEditing] = useState<Editing>(null);
  const closeDialog = useCallback(() => setEditing(null), []);

  const deleteNote = async (note: NoteView) => {
    if (!(await confirm({ title: 'Delete Note', message: DELETE_NOTE_CONFIRMATION, confirmLabel: 'Delete', danger: true }))) return;
    sendDelete(note);
  };
  const sendDelete = (note: NoteView) =>
    remove.mutate({ workspaceId, note }, { onSuccess: () => toast.success(MOVED_TO_TRASH), onError: (error) => reportFailure(error, 'Failed to delete note', () => sendDelete(note)) });
  const now = new Date();
  const shown = notes.notes.filter(
    (note) =>
      projectsById.has(note.projectId) &&
      (projectId === '' || note.projectId === projectId) &&
      matchesSearch(search, note.title, note.content) &&
      editedWithin(age, note.updatedAt, now),
  );
  const defaultProjectId = projectId || projects[0]?.id || '';
  // Until both the notes and the projects they are shown with are read.
  const loadingNotes = <SkeletonCards label="Loading notes…" />;

  const failure = readFailure(notes);
  return (
    <div className="notes-page">
      <div className="notes-toolbar">
        <Field label="Search notes" type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        <Menu
          button={age === 'any' ? 'Filter' : `Filter: ${noteAgeLabels[age]}`}
          buttonClassName="btn btn-secondary notes-filter"
          menuLabel="Filter notes"
        >
          {noteAgeFilters.map((filter) => (
            <MenuItemRadio key={filter} checked={age === filter} onSelect={() => setAge(filter)}>
              {noteAgeLabels[filter]}
            </MenuItemRadio>
          ))}
        </Menu>
        <ProjectFilter projects={projects} value={projectId} onChange={setProjectId} />
        <Button variant="primary" onClick={() => setEditing({ kind: 'new' })} disabled={projects.length === 0} title={noProjects ? 'Create a project first' : undefined}>
          <PlusIcon /> New Note
        </Button>
      </div>
      <MatchCount count={shown.length} noun="note" filtering={search.trim() !== '' || projectId !== '' || age !== 'any'} />
      <ProjectsLoaded projects={projectsQuery} loading={loadingNotes}>
        {failure ? (
          <LoadError what="notes" message={FETCH_NOTES_FAILED} error={failure.error} onRetry={() => void notes.refetch()} />
        ) : notes.isPending ? (
          loadingNotes
        ) : shown.length === 0 ? (
          <p className="muted">{search.trim() || projectId || age !== 'any' ? 'No notes match.' : projects.length === 0 ? 'Create a project to write notes in it.' : 'No notes yet'}</p>
        ) : (
          <div className="notes-grid">
            {shown.map((note) => (
              <NoteCard
                key={note.id}
                note={note}
                project={projectsById.get(note.projectId)}
                onOpen={(target) => setEditing({ kind: 'edit', noteId: target.id })}
                onEdit={(target) => setEditing({ kind: 'edit', noteId: target.id, form: true })}
                onDelete={(target) => void deleteNote(target)}
              />
            ))}
          </div>
        )}
      </ProjectsLoaded>
      {notes.hasNextPage ? (
        <Button className="notes-more" loading={notes.isFetchingNextPage} onClick={() => void notes.fetchNextPage()}>
          Load more
        </Button>
      ) : null}
      {editing?.kind === 'new' ? <NoteDialog workspaceId={workspaceId} projects={projects} defaultProjectId={defaultProjectId} onClose={closeDialog} /> : null}
      {editing?.kind === 'edit' ? (
        <OpenItemDialog item={notes.notes.find((note) => note.id === editing.noteId)} what="note" onClose={closeDialog}>
          {(note) => <OpenNote key={note.id} workspaceId={workspaceId} projects={projects} note={note} onClose={closeDialog} startEditing={editing.form === true} />}
        </OpenItemDialog>
      ) : null}
      {confirmDialog}
    </div>
  );
}
