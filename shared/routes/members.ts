import * as z from 'zod/mini';
import { resourceId, workspaceIdParams } from '../schemas/ids.js';
import { addMemberInput, listMembersResponse, memberResponse, updateMemberRoleInput } from '../schemas/member.js';
import { namedRoutes } from './contract.js';

const memberParams = z.extend(workspaceIdParams, { userId: resourceId() });

/** Members and the caller's own membership: part of the route table (shared/routes.ts); a handler imports only its own part. */
export const membersRoutes = namedRoutes({
  // Members, invitations and profiles: roles are enforced in functions/domain.
  ListMembers: {
    method: 'GET', path: '/workspaces/{workspaceId}/members', handler: 'functions/http/members/list', auth: 'user', dataAccess: 'read', status: 200,
    params: workspaceIdParams, response: listMembersResponse,
  },
  AddMember: {
    method: 'POST', path: '/workspaces/{workspaceId}/members', handler: 'functions/http/members/add', auth: 'user', dataAccess: 'write', sendsMail: true,
    status: 201, params: workspaceIdParams, body: addMemberInput, response: memberResponse,
  },
  UpdateMemberRole: {
    method: 'PATCH', path: '/workspaces/{workspaceId}/members/{userId}', handler: 'functions/http/members/update-role', auth: 'user', dataAccess: 'write',
    status: 200, params: memberParams, body: updateMemberRoleInput, response: memberResponse,
  },
  RemoveMember: {
    method: 'DELETE', path: '/workspaces/{workspaceId}/members/{userId}', handler: 'functions/http/members/remove', auth: 'user', dataAccess: 'write', usesGoogle: 'revocation',
    status: 204, params: memberParams,
  },
  // The caller's own membership: Leave Workspace (not the owner), and seeing the "you were added" notice.
  LeaveWorkspace: {
    method: 'DELETE', path: '/workspaces/{workspaceId}/membership', handler: 'functions/http/members/leave', auth: 'user',
    dataAccess: 'write', usesGoogle: 'revocation', status: 204, params: workspaceIdParams,
  },
  AcknowledgeMembershipNotice: {
    method: 'DELETE', path: '/workspaces/{workspaceId}/membership/notice', handler: 'functions/http/members/acknowledge-notice',
    auth: 'user', dataAccess: 'write', status: 204, params: workspaceIdParams,
  },
});
