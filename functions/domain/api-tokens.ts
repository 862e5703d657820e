import { randomBytes, randomUUID } from 'node:crypto';
import {
  API_TOKEN_PREFIX,
  API_TOKENS_TURNED_OFF,
  MAX_API_TOKENS_PER_USER,
  NON_EXPIRING_NOT_ALLOWED,
  TOO_MANY_API_TOKENS,
  type ApiTokenView,
  type CreateApiTokenInput,
  type WorkspaceApiTokenView,
} from '../../shared/schemas/api-token.js';
import { deleteApiToken, listApiTokensOfUser, putApiToken, type ApiToken } from '../data/api-tokens.js';
import { epochSeconds } from '../data/epoch-seconds.js';
import { listMembershipsOfUser, listMembersOf } from '../data/membership.js';
import { getWorkspace, getWorkspaces, type Workspace } from '../data/workspace.js';
import type { Caller } from '../lib/caller.js';
import { BadRequestError, ForbiddenError, NotFoundError } from '../lib/errors.js';
import { expiryOf, hashOf, isExpired } from './api-token-access.js';
import { MANAGING_ROLES, requireMembership, WORKSPACE_NOT_FOUND } from './authorize.js';

/**
 * Managing personal API tokens (issue 38): making, listing and revoking them, for their owner and for the
 * owners and admins of a workspace they reach. Checking a token on a call is api-token-access.ts.
 */

const SECRET_BYTES = 32;

export const TOKEN_NOT_FOUND = 'API token not found';
const DAY_SECONDS = 24 * 60 * 60;

function toView(token: ApiToken): ApiTokenView {
  const { id, name, scope, workspaceId, createdAt, lastUsedAt } = token;
  return { id, name, scope, workspaceId, createdAt, lastUsedAt, expiresAt: expiryOf(token) };
}

/**
 * The workspaces a new token would reach: its one workspace (the caller must be a member: 404 otherwise), or
 * every workspace the caller is in now.
 */
async function workspacesReached(caller: Caller, workspaceId: string | null): Promise<Workspace[]> {
  if (workspaceId !== null) {
    await requireMembership(workspaceId, caller.userId);
    const workspace = await getWorkspace(workspaceId);
    if (!workspace) throw new NotFoundError(WORKSPACE_NOT_FOUND);
    return [workspace];
  }
  return getWorkspaces((await listMembershipsOfUser(caller.userId)).map((membership) => membership.workspaceId));
}

/**
 * Makes a token and answers its secret, the only time it is shown. A token bound to a workspace that has
 * token access off is refused (403); one that never expires only where every workspace it reaches allows it
 * (400, field expiresInDays; later workspaces are held to it on each call).
 */
export async function createApiTokenFor(caller: Caller, input: CreateApiTokenInput): Promise<{ token: ApiTokenView; secret: string }> {
  const [reached, existing] = await Promise.all([workspacesReached(caller, input.workspaceId), listApiTokensOfUser(caller.userId)]);
  if (input.workspaceId !== null && reached.some((workspace) => !workspace.apiTokensEnabled)) throw new ForbiddenError(API_TOKENS_TURNED_OFF);
  if (input.expiresInDays === null && reached.some((workspace) => !workspace.allowNonExpiringTokens)) {
    throw new BadRequestError(NON_EXPIRING_NOT_ALLOWED, [{ field: 'expiresInDays', message: NON_EXPIRING_NOT_ALLOWED }]);
  }
  const now = new Date();
  if (existing.filter((token) => !isExpired(token, now)).length >= MAX_API_TOKENS_PER_USER) {
    throw new BadRequestError(TOO_MANY_API_TOKENS, [{ field: 'name', message: TOO_MANY_API_TOKENS }]);
  }
  const secret = `${API_TOKEN_PREFIX}${randomBytes(SECRET_BYTES).toString('base64url')}`;
  const token: ApiToken = {
    secretHash: hashOf(secret),
    id: randomUUID(),
    userId: caller.userId,
    name: input.name,
    scope: input.scope,
    workspaceId: input.workspaceId,
    createdAt: now.toISOString(),
    lastUsedAt: null,
    expiresAt: input.expiresInDays === null ? null : epochSeconds(now) + input.expiresInDays * DAY_SECONDS,
  };
  await putApiToken(token);
  return { token: toView(token), secret };
}

/** The caller's tokens, newest first; expired ones the TTL has not swept yet are left out. */
export async function listApiTokensFor(caller: Caller): Promise<ApiTokenView[]> {
  const now = new Date();
  return (await listApiTokensOfUser(caller.userId))
    .filter((token) => !isExpired(token, now))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map(toView);
}

/** Revokes one of the caller's tokens: from this moment on it is refused everywhere. */
export async function revokeApiTokenFor(caller: Caller, tokenId: string): Promise<void> {
  const token = (await listApiTokensOfUser(caller.userId)).find((candidate) => candidate.id === tokenId);
  if (!token || !(await deleteApiToken(token))) throw new NotFoundError(TOKEN_NOT_FOUND);
}

/**
 * The tokens that reach a workspace, for its owners and admins: every member's tokens bound to it or to all
 * of theirs (a removed member's tokens reach it no more). One index Query per member.
 */
async function tokensReaching(caller: Caller, workspaceId: string): Promise<{ token: ApiToken; ownerEmail: string }[]> {
  await requireMembership(workspaceId, caller.userId, MANAGING_ROLES);
  const now = new Date();
  const members = await listMembersOf(workspaceId);
  const perMember = await Promise.all(
    members.map(async (member) =>
      (await listApiTokensOfUser(member.userId))
        .filter((token) => (token.workspaceId === null || token.workspaceId === workspaceId) && !isExpired(token, now))
        .map((token) => ({ token, ownerEmail: member.email })),
    ),
  );
  return perMember.flat().sort((a, b) => b.token.createdAt.localeCompare(a.token.createdAt));
}

export async function listWorkspaceApiTokensFor(caller: Caller, workspaceId: string): Promise<WorkspaceApiTokenView[]> {
  return (await tokensReaching(caller, workspaceId)).map(({ token, ownerEmail }) => ({ ...toView(token), ownerId: token.userId, ownerEmail }));
}

/** An owner or admin revokes a token that reaches their workspace (the whole token, wherever else it reaches). */
export async function revokeWorkspaceApiTokenFor(caller: Caller, workspaceId: string, tokenId: string): Promise<void> {
  const found = (await tokensReaching(caller, workspaceId)).find(({ token }) => token.id === tokenId);
  if (!found || !(await deleteApiToken(found.token))) throw new NotFoundError(TOKEN_NOT_FOUND);
}
