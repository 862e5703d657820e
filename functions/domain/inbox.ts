import type { InboxNoticeView, InboxPage, ListInboxQuery, MarkInboxNoticeInput } from '../../shared/schemas/inbox.js';
import { nameFromEmail } from '../../shared/rules/user-name.js';
import { inboxPage, markAllRead, markNotice, unreadWorkspaceIds, type StoredNotice } from '../data/inbox.js';
import { listMembershipsOfUser } from '../data/membership.js';
import { getProfiles } from '../data/profile.js';
import type { Caller } from '../lib/caller.js';
import { BadRequestError, NotFoundError } from '../lib/errors.js';
import { FORMER_MEMBER } from './task-history.js';

/**
 * The caller's inbox (issue 37). Each call reads or writes the caller's own partition (data/inbox.ts), so
 * there is no one else's notice to refuse: an id not among theirs is not found. The list and the count
 * leave out the notices of workspaces the caller is no longer in (left, removed, deleted): their tasks
 * are no longer theirs to open, and the notices expire with their TTL.
 */
export const NOTICE_NOT_FOUND = 'Notice not found';
const BAD_CURSOR = 'cursor is not one this API made for this question';

/** The notices with their actors' current names. */
async function withActorNames(notices: readonly StoredNotice[]): Promise<InboxNoticeView[]> {
  const actorIds = [...new Set(notices.flatMap((notice) => (notice.actorId ? [notice.actorId] : [])))];
  const profiles = actorIds.length > 0 ? await getProfiles(actorIds) : new Map();
  return notices.map((notice) => {
    const profile = notice.actorId ? profiles.get(notice.actorId) : undefined;
    const actorName = notice.actorId ? (profile ? profile.displayName || nameFromEmail(profile.email) : FORMER_MEMBER) : null;
    return { ...notice, actorName };
  });
}

const memberOf = async (caller: Caller) => new Set((await listMembershipsOfUser(caller.userId)).map((membership) => membership.workspaceId));

/** Pages read at most for one answer while every notice read is of a workspace left (the answer then says where to go on). */
const MAX_PAGES_READ = 10;

export async function listInboxFor(caller: Caller, query: ListInboxQuery): Promise<InboxPage> {
  const workspaces = await memberOf(caller);
  // The notices of workspaces left are dropped after the page is read: a page of only those would be empty
  // with more to come, which the bell would show as "all caught up". Read on until some are kept.
  let cursor = query.cursor;
  for (let read = 1; ; read += 1) {
    const page = await inboxPage(caller.userId, { ...query, cursor });
    if (page === 'bad-cursor') throw new BadRequestError(`cursor: ${BAD_CURSOR}`, [{ field: 'cursor', message: BAD_CURSOR }]);
    const kept = page.notices.filter((notice) => workspaces.has(notice.workspaceId));
    if (kept.length > 0 || page.nextCursor === null || read === MAX_PAGES_READ) return { notices: await withActorNames(kept), nextCursor: page.nextCursor };
    cursor = page.nextCursor;
  }
}

export async function countUnreadFor(caller: Caller): Promise<{ unread: number }> {
  const [unread, workspaces] = await Promise.all([unreadWorkspaceIds(caller.userId), memberOf(caller)]);
  return { unread: unread.filter((workspaceId) => workspaces.has(workspaceId)).length };
}

export async function markNoticeFor(caller: Caller, noticeId: string, input: MarkInboxNoticeInput): Promise<{ notice: InboxNoticeView }> {
  const notice = await markNotice(caller.userId, noticeId, input.read);
  if (!notice) throw new NotFoundError(NOTICE_NOT_FOUND);
  const [named] = await withActorNames([notice]);
  if (!named) throw new NotFoundError(NOTICE_NOT_FOUND);
  return { notice: named };
}

export async function markAllReadFor(caller: Caller): Promise<{ marked: number }> {
  return { marked: await markAllRead(caller.userId) };
}
