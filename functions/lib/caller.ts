import type { APIGatewayEventRequestContextV2, APIGatewayProxyEventV2WithRequestContext } from 'aws-lambda';
import type { ApiTokenScope } from '../../shared/schemas/api-token.js';
import { CredentialRefusedError, UnauthorizedError } from './errors.js';

/** What a personal API token allows: its scope and its one workspace (null: all of its owner's). */
export interface ApiTokenGrant {
  readonly tokenId: string;
  /** The name its owner gave it (e.g. "Claude Desktop"): who the MCP server says made a change. */
  readonly name: string;
  readonly scope: ApiTokenScope;
  readonly workspaceId: string | null;
  /** When the token stops working; null: never (only where the workspace allows it). */
  readonly expiresAt: string | null;
}

/** Who is calling: a signed-in person (the Cognito ID token's claims), or someone holding their API token. */
export interface Caller {
  readonly userId: string;
  /** The verified address; '' for a token caller (a token proves no address). */
  readonly email: string;
  /** Set when the call came with a personal API token instead of a sign-in. */
  readonly token?: ApiTokenGrant;
}

/**
 * What the HTTP API's Lambda authorizer (functions/auth/http-authorizer.ts) hands the function as
 * `requestContext.authorizer.lambda`; the local gateway builds the same. Values are strings, as API Gateway
 * passes them.
 */
export type AuthorizerContext =
  | { readonly via: 'session'; readonly userId: string; readonly email: string; readonly emailVerified: string; readonly expiresAt: string }
  | { readonly via: 'token'; readonly userId: string; readonly tokenId: string }
  /** A credential that does not hold, whatever was wrong with it: the route answers 401. */
  | { readonly via: 'refused' };

/** An HTTP API request (payload 2.0); a signed-in route's carries its authorizer's context (unchecked here). */
export type ApiEvent = APIGatewayProxyEventV2WithRequestContext<
  APIGatewayEventRequestContextV2 & { readonly authorizer?: { readonly lambda?: Readonly<Record<string, unknown>> } }
>;

/**
 * The authorizer's verdict on the request: a signed-in person (only ID tokens pass; the e-mail counts only once
 * Cognito has verified it, as users can change the attribute), or the id of the API token the request
 * carries, which the route wrapper then checks in full (functions/domain/api-token-access.ts). A refused credential:
 * 401 in API Gateway's words; no context at all: 401.
 */
export function authorizedFromEvent(event: ApiEvent): Exclude<AuthorizerContext, { via: 'refused' }> {
  const context = event.requestContext.authorizer?.lambda;
  if (context?.via === 'refused') throw new CredentialRefusedError();
  const userId = context?.userId;
  if (typeof userId !== 'string' || userId === '') throw new UnauthorizedError();
  if (context?.via === 'token' && typeof context.tokenId === 'string') return { via: 'token', userId, tokenId: context.tokenId };
  if (context?.via !== 'session') throw new UnauthorizedError();
  return {
    via: 'session',
    userId,
    email: typeof context.email === 'string' ? context.email : '',
    emailVerified: String(context.emailVerified),
    expiresAt: String(context.expiresAt),
  };
}

/** The signed-in person of a session verdict. */
export function sessionCaller(context: Extract<AuthorizerContext, { via: 'session' }>): Caller {
  return { userId: context.userId, email: context.emailVerified === 'true' ? context.email : '' };
}
