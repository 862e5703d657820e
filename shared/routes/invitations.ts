import * as z from 'zod/mini';
import { workspaceIdParams } from '../schemas/ids.js';
import { EMAIL_MAX_LENGTH, invitationResultResponse, listInvitationsResponse, sendInvitationInput } from '../schemas/member.js';
import { namedRoutes } from './contract.js';

/** An invitation's address in the path, as stored: trimmed and lower-cased (a valid one holds no '%'). */
const emailInPath = z.pipe(
  z.string().check(
    z.minLength(1, { error: 'Required', abort: true }),
    z.maxLength(EMAIL_MAX_LENGTH, { error: `Must be at most ${EMAIL_MAX_LENGTH} characters`, abort: true }),
  ),
  z.transform((raw: string) => {
    try {
      return decodeURIComponent(raw).trim().toLowerCase();
    } catch {
      return raw.trim().toLowerCase();
    }
  }),
);

/** Invitations: part of the route table (shared/routes.ts); a handler imports only its own part. */
export const invitationsRoutes = namedRoutes({
  ListInvitations: {
    method: 'GET', path: '/workspaces/{workspaceId}/invitations', handler: 'functions/http/invitations/list', auth: 'user', dataAccess: 'read', status: 200,
    params: workspaceIdParams, response: listInvitationsResponse,
  },
  SendInvitation: {
    method: 'POST', path: '/workspaces/{workspaceId}/invitations', handler: 'functions/http/invitations/send', auth: 'user', dataAccess: 'write',
    sendsMail: true, status: 201, params: workspaceIdParams, body: sendInvitationInput, response: invitationResultResponse,
  },
  RevokeInvitation: {
    method: 'DELETE', path: '/workspaces/{workspaceId}/invitations/{email}', handler: 'functions/http/invitations/revoke', auth: 'user', dataAccess: 'write',
    status: 204, params: z.extend(workspaceIdParams, { email: emailInPath }),
  },
});
