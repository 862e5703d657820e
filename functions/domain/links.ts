import { randomUUID } from 'node:crypto';
import type { CreateLinkInput, LinkView, UpdateLinkInput } from '../../shared/schemas/link.js';
import { createLink, deleteLink, getLink, listLinks, replaceLink } from '../data/links.js';
import type { Caller } from '../lib/caller.js';
import { ConflictError, NotFoundError } from '../lib/errors.js';
import { readAsMember, requireMembership, WORKSPACE_NOT_FOUND } from './authorize.js';
import { nextRevision, requireCurrent } from './project-writes.js';
import { linkTrash } from './trash.js';

/** The Links page (spec pages §2): any member of the workspace lists, adds, edits and deletes its links. */
const LINK_NOT_FOUND = 'Link not found';

export async function listLinksFor(caller: Caller, workspaceId: string): Promise<LinkView[]> {
  return readAsMember(workspaceId, caller.userId, () => listLinks(workspaceId));
}

export async function createLinkFor(caller: Caller, workspaceId: string, input: CreateLinkInput): Promise<LinkView> {
  await requireMembership(workspaceId, caller.userId);
  const now = new Date().toISOString();
  const link: LinkView = { id: randomUUID(), workspaceId, ...input, createdBy: caller.userId, createdAt: now, updatedAt: now, version: 1 };
  if ((await createLink(link)) === 'no-workspace') throw new NotFoundError(WORKSPACE_NOT_FOUND);
  return link;
}

/** Changes only the fields sent, if nobody changed the link since the caller read it (else 409). */
export async function updateLinkFor(caller: Caller, workspaceId: string, linkId: string, input: UpdateLinkInput): Promise<LinkView> {
  const { version, ...fields } = input;
  const read = await readAsMember(workspaceId, caller.userId, () => getLink(workspaceId, linkId));
  const current = requireCurrent(read, version, LINK_NOT_FOUND);
  const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  const next: LinkView = { ...current, ...changes, ...nextRevision(current, new Date().toISOString()) };
  const outcome = await replaceLink(next, version);
  if (outcome === 'missing') throw new NotFoundError(LINK_NOT_FOUND);
  if (outcome === 'stale') throw new ConflictError();
  return next;
}

const DELETE_ATTEMPTS = 3;

/** Moves the link to the Trash (domain/trash.ts), as read; read again if it changed in between. */
export async function deleteLinkFor(caller: Caller, workspaceId: string, linkId: string): Promise<void> {
  let current = await readAsMember(workspaceId, caller.userId, () => getLink(workspaceId, linkId));
  for (let attempt = 1; ; attempt += 1) {
    if (!current) throw new NotFoundError(LINK_NOT_FOUND);
    const outcome = await deleteLink(current, linkTrash(caller.userId, current));
    if (outcome === 'written') return;
    if (outcome === 'missing') throw new NotFoundError(LINK_NOT_FOUND);
    if (attempt >= DELETE_ATTEMPTS) throw new ConflictError();
    current = await getLink(workspaceId, linkId);
  }
}
