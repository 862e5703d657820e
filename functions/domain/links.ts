import { randomUUID } from 'node:crypto';
import type { CreateLinkInput, LinkView, UpdateLinkInput } from '../../shared/schemas/link.js';
import { createLink, deleteLink, getLink, listLinks, replaceLink } from '../data/links.js';
import type { Caller } from '../lib/caller.js';
import { ConflictError, NotFoundError } from '../lib/errors.js';
import { readAsMember, requireMembership, WORKSPACE_NOT_FOUND } from './authorize.js';
import { nextRevision, requireCurrent } from './project-writes.js';

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

export async function deleteLinkFor(caller: Caller, workspaceId: string, linkId: string): Promise<void> {
  await requireMembership(workspaceId, caller.userId);
  if (!(await deleteLink(workspaceId, linkId))) throw new NotFoundError(LINK_NOT_FOUND);
}
