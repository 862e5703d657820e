import {
  addMemberInput,
  listMembersResponse,
  memberResponse,
  updateMemberRoleInput,
  type AddMemberInput,
  type InvitableRole,
  type MemberView,
} from '../../../../../shared/schemas/member';
import { apiRequest } from '../../../lib/api-client';

export const FETCH_MEMBERS_FAILED = 'Failed to load team members';
export const ADD_MEMBER_FAILED = 'Failed to add member';
export const UPDATE_ROLE_FAILED = 'Failed to update role';
export const REMOVE_MEMBER_FAILED = 'Failed to remove member';

const membersPath = (workspaceId: string) => `/workspaces/${encodeURIComponent(workspaceId)}/members`;
const memberPath = (workspaceId: string, userId: string) => `${membersPath(workspaceId)}/${encodeURIComponent(userId)}`;

/** GET /workspaces/{id}/members: owner first, then by joining date. */
export async function getMembers(workspaceId: string, signal?: AbortSignal): Promise<MemberView[]> {
  const { members } = await apiRequest(membersPath(workspaceId), { schema: listMembersResponse, ...(signal ? { signal } : {}) });
  return members;
}

/** POST /workspaces/{id}/members: adds an existing account (404 when nobody has the address). */
export async function addMember(workspaceId: string, input: AddMemberInput): Promise<MemberView> {
  const { member } = await apiRequest(membersPath(workspaceId), { method: 'POST', body: addMemberInput.parse(input), schema: memberResponse });
  return member;
}

/** PATCH /workspaces/{id}/members/{userId}: between member and admin; never the owner, never oneself. */
export async function updateMemberRole(workspaceId: string, userId: string, role: InvitableRole): Promise<MemberView> {
  const { member } = await apiRequest(memberPath(workspaceId, userId), {
    method: 'PATCH',
    body: updateMemberRoleInput.parse({ role }),
    schema: memberResponse,
  });
  return member;
}

/** DELETE /workspaces/{id}/members/{userId}: never the owner. */
export async function removeMember(workspaceId: string, userId: string): Promise<void> {
  await apiRequest(memberPath(workspaceId, userId), { method: 'DELETE' });
}
