import { randomUUID } from 'node:crypto';
import type { CreateNoteInput, NoteView, UpdateNoteInput } from '../../shared/schemas/project.js';
import { getChild, moveNote } from '../data/project-children.js';
import type { Caller } from '../lib/caller.js';
import { requireMembership } from './authorize.js';
import {
  createChildIn,
  deleteChildIn,
  nextRevision,
  notFoundMessages,
  requireCurrent,
  throwUnlessWritten,
  updateChildIn,
} from './project-writes.js';

export async function createNoteFor(caller: Caller, workspaceId: string, projectId: string, input: CreateNoteInput): Promise<NoteView> {
  await requireMembership(workspaceId, caller.userId);
  const now = new Date().toISOString();
  return createChildIn('note', workspaceId, {
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
  await requireMembership(workspaceId, caller.userId);
  const { version, projectId: targetProjectId, ...fields } = input;
  const target = { workspaceId, projectId, id: noteId, expectedVersion: version };
  if (targetProjectId === undefined || targetProjectId === projectId) {
    return updateChildIn('note', target, (current) => ({ ...current, ...fields }));
  }
  const current = requireCurrent(await getChild('note', workspaceId, projectId, noteId), version, notFoundMessages.note);
  const next: NoteView = { ...current, ...fields, projectId: targetProjectId, ...nextRevision(current, new Date().toISOString()) };
  throwUnlessWritten(await moveNote(workspaceId, projectId, next, version), notFoundMessages.note);
  return next;
}

export async function deleteNoteFor(caller: Caller, workspaceId: string, projectId: string, noteId: string): Promise<void> {
  await requireMembership(workspaceId, caller.userId);
  await deleteChildIn('note', workspaceId, projectId, noteId);
}
