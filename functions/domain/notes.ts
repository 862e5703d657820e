import { randomUUID } from 'node:crypto';
import type { ListNotesQuery, NotePage } from '../../shared/schemas/note-index.js';
import type { CreateNoteInput, NoteView, UpdateNoteInput } from '../../shared/schemas/project.js';
import { getChild, moveNote, parseChild } from '../data/project-children.js';
import { notesIndexQuery } from '../data/task-index.js';
import type { Caller } from '../lib/caller.js';
import { readAsMember } from './authorize.js';
import { readIndexPage } from './index-pages.js';
import { noteTrash } from './trash.js';
import { createChildIn, deleteChildIn, nextRevision, notFoundMessages, requireCurrent, throwUnlessWritten, updateChildIn } from './project-writes.js';

export function createNoteFor(caller: Caller, workspaceId: string, projectId: string, input: CreateNoteInput): Promise<NoteView> {
  const now = new Date().toISOString();
  return createChildIn('note', caller, workspaceId, {
    id: randomUUID(),
    projectId,
    title: input.title,
    content: input.content,
    createdBy: caller.userId,
    createdAt: now,
    updatedAt: now,
    version: 1,
  });
}

/** Changes only the fields sent; a different `projectId` moves the note to that project of the workspace. */
export async function updateNoteFor(
  caller: Caller,
  workspaceId: string,
  projectId: string,
  noteId: string,
  input: UpdateNoteInput,
): Promise<NoteView> {
  const { version, projectId: targetProjectId, ...fields } = input;
  if (targetProjectId === undefined || targetProjectId === projectId) {
    return updateChildIn('note', caller, { workspaceId, projectId, id: noteId, expectedVersion: version }, (current) => ({ ...current, ...fields }));
  }
  const read = await readAsMember(workspaceId, caller.userId, () => getChild('note', workspaceId, projectId, noteId));
  const current = requireCurrent(read, version, notFoundMessages.note);
  const next: NoteView = { ...current, ...fields, projectId: targetProjectId, ...nextRevision(current, new Date().toISOString()) };
  throwUnlessWritten(await moveNote(workspaceId, projectId, next, version), notFoundMessages.note);
  return next;
}

export function deleteNoteFor(caller: Caller, workspaceId: string, projectId: string, noteId: string): Promise<void> {
  return deleteChildIn('note', caller, workspaceId, projectId, noteId, { trash: (note) => noteTrash(workspaceId, caller.userId, note) });
}

/** A page of the workspace's notes across its projects, newest edit first (the /notes page). */
export async function listNotesFor(caller: Caller, workspaceId: string, query: ListNotesQuery): Promise<NotePage> {
  const page = await readAsMember(workspaceId, caller.userId, () => readIndexPage(notesIndexQuery(workspaceId), query));
  return { notes: page.items.map((item) => parseChild('note', item)), nextCursor: page.nextCursor };
}
