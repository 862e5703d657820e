import { countersOf, negated } from '@shared/rules/project-counters';
import type { z } from 'zod';
import { notesRoutes } from '@shared/routes/notes';
import type { createNoteInput, NoteView, updateNoteInput } from '@shared/schemas/project';
import { callRoute } from '@/lib/api-client';
import { adjustCounts, putItem, removeItem, undoAll, type Undo } from './project-cache';
import { projectKeys } from './query-keys';
import { useProjectMutation } from './use-project-mutation';

export type CreateNoteValues = z.input<typeof createNoteInput>;
/** `projectId` moves the note to another project of the workspace. */
export type NoteEdit = Omit<z.input<typeof updateNoteInput>, 'version'>;

interface NoteTarget {
  readonly workspaceId: string;
  readonly note: NoteView;
}

const noteParams = ({ workspaceId, note }: NoteTarget) => ({ workspaceId, projectId: note.projectId, noteId: note.id });
const refreshProjects = ({ workspaceId }: NoteTarget) => projectKeys.all(workspaceId);
const workspaceNotes = ({ workspaceId }: NoteTarget) => ({ workspaceId, list: 'notes' as const });

/** Creates the note in the project chosen in the dialog (`projectId`), which may be another one. */
export function useCreateNote(workspaceId: string) {
  return useProjectMutation({
    mutationFn: async ({ projectId, ...values }: CreateNoteValues & { projectId: string }) =>
      (await callRoute(notesRoutes.CreateNote, { params: { workspaceId, projectId }, body: values })).note,
    settle: (queryClient, note) => {
      putItem(queryClient, workspaceId, 'notes', note);
      adjustCounts(queryClient, workspaceId, note.projectId, countersOf('note', note));
    },
    crossProjectReads: () => ({ workspaceId, list: 'notes' }),
  });
}

/** Saves an edit of the note as it was read; a new project moves it (and its count) there. */
export function useUpdateNote() {
  return useProjectMutation({
    mutationFn: async ({ edit, ...target }: NoteTarget & { edit: NoteEdit }) =>
      (await callRoute(notesRoutes.UpdateNote, { params: noteParams(target), body: { ...edit, version: target.note.version } })).note,
    optimistic: (queryClient, { workspaceId, note, edit }): Undo => {
      const next: NoteView = { ...note, ...edit, projectId: edit.projectId ?? note.projectId, updatedAt: new Date().toISOString(), version: note.version + 1 };
      if (next.projectId === note.projectId) return putItem(queryClient, workspaceId, 'notes', next);
      return undoAll(
        removeItem(queryClient, workspaceId, note.projectId, 'notes', note.id),
        putItem(queryClient, workspaceId, 'notes', next),
        adjustCounts(queryClient, workspaceId, note.projectId, negated(countersOf('note', note))),
        adjustCounts(queryClient, workspaceId, next.projectId, countersOf('note', next)),
      );
    },
    settle: (queryClient, stored, { workspaceId }) => putItem(queryClient, workspaceId, 'notes', stored),
    refresh: refreshProjects,
    crossProjectReads: workspaceNotes,
  });
}

export function useDeleteNote() {
  return useProjectMutation({
    mutationFn: (target: NoteTarget) => callRoute(notesRoutes.DeleteNote, { params: noteParams(target) }),
    optimistic: (queryClient, { workspaceId, note }) =>
      undoAll(removeItem(queryClient, workspaceId, note.projectId, 'notes', note.id), adjustCounts(queryClient, workspaceId, note.projectId, negated(countersOf('note', note)))),
    refresh: refreshProjects,
    crossProjectReads: workspaceNotes,
  });
}
