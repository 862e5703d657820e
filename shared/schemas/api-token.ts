import * as z from 'zod/mini';
import { containsUnprintable } from '../rules/printable-text.js';
import { resourceId } from './ids.js';

/**
 * Personal API tokens (issue 38): a secret `tf_…` that calls the HTTP API as its owner, under the owner's
 * role, limited to a scope and to one workspace or all of theirs. The secret is shown once; the server keeps
 * only its SHA-256.
 */
export const API_TOKEN_PREFIX = 'tf_';
export const API_TOKEN_NAME_MAX_LENGTH = 60;
export const MAX_API_TOKENS_PER_USER = 20;

export const apiTokenScopes = ['read', 'read-write'] as const;
export type ApiTokenScope = (typeof apiTokenScopes)[number];

/** Days a token lives; `null` (never) only where every workspace it reaches allows it. */
export const apiTokenLifetimes = [30, 90, 365] as const;

export const NON_EXPIRING_NOT_ALLOWED = 'A workspace this token reaches does not allow tokens that never expire';
export const API_TOKENS_TURNED_OFF = 'API tokens are turned off for this workspace';
export const TOO_MANY_API_TOKENS = `You can have at most ${MAX_API_TOKENS_PER_USER} API tokens; revoke one first`;

const tokenName = z.string({ error: 'Name is required' }).check(
  z.trim(),
  z.minLength(1, { error: 'Name is required', abort: true }),
  z.maxLength(API_TOKEN_NAME_MAX_LENGTH, { error: `Name must be at most ${API_TOKEN_NAME_MAX_LENGTH} characters`, abort: true }),
  z.refine((name) => !containsUnprintable(name), { error: 'Name must be one line of printable text' }),
);

export const createApiTokenInput = z.object({
  name: tokenName,
  scope: z.enum(apiTokenScopes, { error: "Scope must be 'read' or 'read-write'" }),
  /** One workspace of the caller's, or null for all of them (now and later). */
  workspaceId: z.nullable(resourceId('Workspace is required')),
  expiresInDays: z.nullable(z.union([z.literal(30), z.literal(90), z.literal(365)], { error: 'Expires must be 30, 90 or 365 days, or null' })),
});
export type CreateApiTokenInput = z.infer<typeof createApiTokenInput>;

export const apiTokenView = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(apiTokenScopes),
  workspaceId: z.nullable(z.string()),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
  expiresAt: z.nullable(z.string()),
});
export type ApiTokenView = z.infer<typeof apiTokenView>;

/** A token that reaches a workspace, as its owners and admins see it: whose it is. */
export const workspaceApiTokenView = z.extend(apiTokenView, { ownerId: z.string(), ownerEmail: z.string() });
export type WorkspaceApiTokenView = z.infer<typeof workspaceApiTokenView>;

/** The only answer that carries the secret. */
export const createdApiTokenResponse = z.object({ token: apiTokenView, secret: z.string() });
export const listApiTokensResponse = z.object({ tokens: z.array(apiTokenView) });
export const listWorkspaceApiTokensResponse = z.object({ tokens: z.array(workspaceApiTokenView) });

export const apiTokenIdParams = z.object({ tokenId: resourceId() });
export const workspaceApiTokenParams = z.object({ workspaceId: resourceId(), tokenId: resourceId() });
