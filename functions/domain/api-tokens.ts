import { createHash, randomBytes, randomUUID } from 'node:crypto';
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
import { deleteApiToken, getApiTokenByHash, listApiTokensOfUser, putApiToken, recordApiTokenUse, type ApiToken } from '../data/api-tokens.js';
import { epochSeconds } from '../data/epoch-seconds.js';
import { listMembershipsOfUser, listMembersOf } from '../data/membership.js';
import { takeApiTokenQuota } from '../data/quota.js';
import { getWorkspace, getWorkspaces, type Workspace } from '../data/workspace.js';
import { abuseLimits } from '../lib/abuse-limits.js';
import type { ApiTokenGrant, Caller } from '../lib/caller.js';
import { BadRequestError, ForbiddenError, NotFoundError, TooManyRequestsError } from '../lib/errors.js';
import { MANAGING_ROLES, requireMembership, WORKSPACE_NOT_FOUND } from './authorize.js';

/** Whom a bearer token acts for: the caller the MCP server and the HTTP API's checks work with. */
export interface TokenCaller extends ApiTokenGrant {
  readonly userId: string;
  readonly via: 'token';
  /** When the token stops working; null: never (only where the workspace allows it). */
  readonly expiresAt: string | null;
}

const SECRET_BYTES = 32;
/** `tf_` and the base64url of 32 random bytes (43 characters); anything else is refused unread. */
const SECRET_PATTERN = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);

export const TOKEN_NOT_FOUND = 'API token not found';
const DAY_SECONDS = 24 * 60 * 60;

function hashOf(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

function isExpired(token: Pick<ApiToken, 'expiresAt'>, now: Date): boolean {
  return token.expiresAt !== null && token.expiresAt <= epochSeconds(now);
}

function toView(token: ApiToken): ApiTokenView {
  return {
    id: token.id,
    name: token.name,
    scope: token.scope,
    workspaceId: token.workspaceId,
    createdAt: token.createdAt,
    lastUsedAt: token.lastUsedAt,
    expiresAt: token.expiresAt === null ? null : new Date(token.expiresAt * 1000).toISOString(),
  };
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

/**
 * The caller a bearer token stands for, or undefined for anything that is not a live token: malformed,
 * unknown, revoked or expired alike (callers learn nothing about which). `bearer` is the token itself or the
 * whole Authorization header value. Records the use (at most once a minute). For the HTTP API's authorizer
 * and route wrapper, and for the MCP server.
 */
export async function callerFromApiToken(bearer: string): Promise<TokenCaller | undefined> {
  const secret = bearer.replace(/^Bearer\s+/i, '');
  if (!SECRET_PATTERN.test(secret)) return undefined;
  const token = await getApiTokenByHash(hashOf(secret));
  const now = new Date();
  if (!token || isExpired(token, now)) return undefined;
  await recordApiTokenUse(token, now);
  const { id: tokenId, scope, workspaceId, expiresAt } = toView(token);
  return { userId: token.userId, via: 'token', tokenId, scope, workspaceId, expiresAt };
}

/** Whether the Authorization header carries an API token rather than a Cognito JWT. */
export function isApiTokenBearer(authorization: string): boolean {
  return /^(?:Bearer\s+)?tf_/i.test(authorization);
}

/** What one call through a token asks for: a write or a read, in which workspace (if any). */
export interface TokenCall {
  readonly writes: boolean;
  readonly workspaceId: string | undefined;
}

/**
 * The rules every call made with a token passes, before its handler runs (membership and role are the
 * handler's, checked on each call as for anyone): a read token cannot write (403); a token bound to one
 * workspace reaches no other (404, as for a stranger) and makes no calls outside workspaces but reads; a
 * workspace with token access off refuses it (403), as one that does not allow never-expiring tokens refuses
 * those; at most `apiTokenRequestsPerMinute` calls per token (429 with Retry-After).
 */
export async function admitTokenCall(caller: TokenCaller, call: TokenCall): Promise<void> {
  if (caller.scope === 'read' && call.writes) throw new ForbiddenError('This API token can only read');
  if (caller.workspaceId !== null) {
    if (call.workspaceId === undefined && call.writes) throw new ForbiddenError('This API token is limited to one workspace');
    if (call.workspaceId !== undefined && call.workspaceId !== caller.workspaceId) throw new NotFoundError(WORKSPACE_NOT_FOUND);
  }
  const [workspace, quota] = await Promise.all([
    call.workspaceId === undefined ? undefined : getWorkspace(call.workspaceId),
    takeApiTokenQuota(caller.tokenId, abuseLimits.apiTokenRequestsPerMinute, new Date()),
  ]);
  if (!quota.allowed) {
    throw new TooManyRequestsError(`An API token may make at most ${abuseLimits.apiTokenRequestsPerMinute} requests per minute.`, quota.retryAfterSeconds);
  }
  // A workspace that does not exist is the handler's 404, as for anyone.
  if (workspace && !workspace.apiTokensEnabled) throw new ForbiddenError(API_TOKENS_TURNED_OFF);
  if (workspace && caller.expiresAt === null && !workspace.allowNonExpiringTokens) throw new ForbiddenError(NON_EXPIRING_NOT_ALLOWED);
}
