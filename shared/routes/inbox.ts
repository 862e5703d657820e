import { inboxNoticeParams, inboxNoticeResponse, inboxPage, inboxUnreadResponse, listInboxQuery, markAllReadResponse, markInboxNoticeInput } from '../schemas/inbox.js';
import { namedRoutes } from './contract.js';

/**
 * The caller's own inbox (issue 37): part of the route table (shared/routes.ts); a handler imports only its
 * own part. Every route reads and writes the caller's partition only, so another user's notice is not found
 * (404). A personal API token is refused: it reaches one workspace or some, and the inbox spans all of them.
 */
export const inboxRoutes = namedRoutes({
  // Newest first, a page at a time.
  ListInbox: {
    method: 'GET', path: '/inbox', handler: 'functions/http/inbox/list', auth: 'user', refusesApiTokens: true, dataAccess: 'read', status: 200,
    query: listInboxQuery, response: inboxPage,
  },
  CountUnreadInbox: {
    method: 'GET', path: '/inbox/unread-count', handler: 'functions/http/inbox/unread-count', auth: 'user', refusesApiTokens: true, dataAccess: 'read', status: 200,
    response: inboxUnreadResponse,
  },
  // Mark Read / Mark Unread.
  MarkInboxNotice: {
    method: 'PATCH', path: '/inbox/{noticeId}', handler: 'functions/http/inbox/mark', auth: 'user', refusesApiTokens: true, dataAccess: 'write', status: 200,
    params: inboxNoticeParams, body: markInboxNoticeInput, response: inboxNoticeResponse,
  },
  MarkAllInboxRead: {
    method: 'POST', path: '/inbox/read-all', handler: 'functions/http/inbox/mark-all-read', auth: 'user', refusesApiTokens: true, dataAccess: 'write', status: 200,
    response: markAllReadResponse,
  },
});
