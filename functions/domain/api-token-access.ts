import { createHash } from 'node:crypto';
import { API_TOKEN_PREFIX, API_TOKENS_TURNED_OFF, NON_EXPIRING_NOT_ALLOWED } from '../../shared/schemas/api-token.js';
import { getApiTokenByHash, recordApiTokenUse, type ApiToken } from '../data/api-tokens.js';
import { epochSeconds } from '../data/epoch-seconds.js';
import { takeApiTokenQuota } from '../data/quota.js';
import { getMembership } from '../data/membership.js';
import { getWorkspace, type Workspace } from '../data/workspace.js';
import { abuseLimits } from '../lib/abuse-limits.js';
import type { ApiTokenGrant } from '../lib/caller.js';
import { ForbiddenError, NotFoundError, TooManyRequestsError } from '../lib/errors.js';
import { WORKSPACE_NOT_FOUND } from './authorize.js';

/**
 * Checking a personal API token on a call (issue 38): who a bearer token stands for, and the rules a call made
 * with it passes. Used by the HTTP API's authorizer and route wrapper, and by the MCP server; kept apart from
 * managing tokens (api-tokens.ts) so that every route's bundle carries only this.
 */

/** Whom a bearer token acts for: the caller the MCP server and the HTTP API's checks work with. */
export interface TokenCaller extends ApiTokenGrant {
  readonly userId: string;
  readonly via: 'token';
}

/** `tf_` and the base64url of 32 random bytes (43 characters); anything else is refused unread. */
const SECRET_PATTERN = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);

/** The table keeps this of a secret, never the secret. */
export function hashOf(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

export function isExpired(token: Pick<ApiToken, 'expiresAt'>, now: Date): boolean {
  return token.expiresAt !== null && token.expiresAt <= epochSeconds(now);
}

export function expiryOf(token: Pick<ApiToken, 'expiresAt'>): string | null {
  return token.expiresAt === null ? null : new Date(token.expiresAt * 1000).toISOString();
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
  return { userId: token.userId, via: 'token', tokenId: token.id, name: token.name, scope: token.scope, workspaceId: token.workspaceId, expiresAt: expiryOf(token) };
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
  await checkTokenWorkspace(caller, workspace);
}

/** `checkTokenWorkspace` for a workspace by its id: the MCP server checks each tool call's workspace with it. */
export async function checkTokenWorkspaceById(caller: Pick<ApiTokenGrant, 'expiresAt'> & { readonly userId: string }, workspaceId: string): Promise<void> {
  await checkTokenWorkspace(caller, await getWorkspace(workspaceId));
}

/**
 * A workspace's own rules for a token (`workspace` as read; undefined when it does not exist, the handler's
 * 404 as for anyone): token access off refuses it (403), as a workspace that does not allow never-expiring
 * tokens refuses those; said only to a member, to anyone else the workspace does not exist (404).
 */
async function checkTokenWorkspace(caller: Pick<ApiTokenGrant, 'expiresAt'> & { readonly userId: string }, workspace: Workspace | undefined): Promise<void> {
  if (!workspace) return;
  const refusal = !workspace.apiTokensEnabled ? API_TOKENS_TURNED_OFF : caller.expiresAt === null && !workspace.allowNonExpiringTokens ? NON_EXPIRING_NOT_ALLOWED : undefined;
  if (refusal === undefined) return;
  if (!(await getMembership(workspace.id, caller.userId))) throw new NotFoundError(WORKSPACE_NOT_FOUND);
  throw new ForbiddenError(refusal);
}
