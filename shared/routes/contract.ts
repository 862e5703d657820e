// The types every part of the route table (shared/routes/*.ts) and its users share, and the path helpers.
import type { $ZodObject, $ZodType, input, output } from 'zod/v4/core';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * `public`: no token needed. `user`: a valid Cognito ID token or a personal API token `tf_…` (the HTTP API's
 * Lambda authorizer, functions/auth/http-authorizer.ts).
 */
export type AuthRule = 'public' | 'user';

/**
 * What a function may do to the table; its IAM policy grants exactly this (infra/constructs/app-function.ts).
 * `none`: no table access. `read`: GetItem, BatchGetItem, Query. `write`: read plus PutItem, UpdateItem,
 * DeleteItem, BatchWriteItem and ConditionCheckItem (transactions need the per-item actions they hold).
 * A GET is `read` unless its handler really writes; each such exception says why beside its entry.
 */
export type DataAccess = 'none' | 'read' | 'write';

export type FileAccess = 'read' | 'upload' | 'check' | 'read-exports' | 'upload-imports' | 'check-imports' | 'delete-imports';

/** Path parameters arrive as strings; their schema checks and may normalise them. */
type ParamsSchema = $ZodObject<Record<string, $ZodType<unknown, string>>>;

export interface RouteDefinition {
  readonly method: HttpMethod;
  /** API Gateway path syntax: `/workspaces/{workspaceId}`. */
  readonly path: string;
  readonly handler: string;
  readonly auth: AuthRule;
  readonly dataAccess: DataAccess;
  /** Sends mail through SES: only these functions get ses:SendEmail and the web app's URL for links. */
  readonly sendsMail?: true;
  /** Signs or checks mails' unsubscribe links: only these functions may read the key (the mail-link secret). */
  readonly usesMailLinks?: true;
  /**
   * Calls Google: only these functions get the Google client settings, the secret and the token key.
   * 'revocation': only revokes stored grants (leaving, removal, deletion, disconnect), so it gets the token
   * key's Decrypt and nothing else.
   */
  readonly usesGoogle?: true | 'revocation';
  /**
   * Uses the attachments bucket (issue 37), granted on its objects only: 'read' signs download URLs
   * (s3:GetObject); 'upload' signs an upload's presigned POST (s3:PutObject); 'check' reads an upload back
   * and deletes one it refuses (s3:GetObject, s3:DeleteObject). 'read-exports' signs download URLs of
   * exports' files (s3:GetObject under exports/ only, issue 39). Under imports/ only (issue 39):
   * 'upload-imports' signs an import's presigned POST (s3:PutObject), 'check-imports' reads its size back
   * and deletes one that differs (s3:GetObject, s3:DeleteObject), 'delete-imports' deletes a cancelled one.
   */
  readonly fileAccess?: FileAccess;
  /** Starts the export worker (issue 39): lambda:InvokeFunction on it, and its name in EXPORT_WORKER_FUNCTION. */
  readonly startsExports?: true;
  /** Starts the import worker (issue 39): lambda:InvokeFunction on it, and its name in IMPORT_WORKER_FUNCTION. */
  readonly startsImports?: true;
  /** Refuses a caller signed in with a personal API token (403): what only the person at the app may do. */
  readonly refusesApiTokens?: true;
  /** Signs the caller in on the side to check a password and a code (the user pool's admin sign-in flow). */
  readonly checksSignIn?: true;
  readonly status: 200 | 201 | 204;
  /**
   * A route that speaks a format of its own. 'json-rpc': the body is one JSON-RPC message answered by a
   * protocol library (the MCP server): a notification, which has no answer, is accepted with 202 and no body
   * besides the route's status. 'icalendar': the answer is an iCalendar document (text/calendar), not JSON,
   * and may be 304 Not Modified.
   */
  readonly protocol?: 'json-rpc' | 'icalendar';
  readonly params?: ParamsSchema;
  /** Query string parameters (strings; repeated keys joined with commas, as HTTP API does). */
  readonly query?: $ZodType;
  readonly body?: $ZodType;
  readonly response?: $ZodType;
}

export interface HttpRoute extends RouteDefinition {
  /** Stable, unique name; used for the Lambda function's construct id. */
  readonly name: string;
}

type NamedRoutes<T> = { readonly [K in keyof T & string]: T[K] & { readonly name: K } };

/**
 * A part of the route table, each entry carrying its name (the table's key). `const T` keeps every entry's
 * literal types (its schemas, status, method), as `as const` would, and the constraint checks each entry.
 */
export function namedRoutes<const T extends Record<string, RouteDefinition>>(table: T): NamedRoutes<T> {
  return Object.fromEntries(Object.entries(table).map(([name, route]) => [name, { ...route, name }])) as NamedRoutes<T>;
}

// --- what a route's schemas make of a request and its answer ---------------------------------------------

type OutputOf<S> = S extends $ZodType ? output<S> : undefined;
type InputOf<S> = S extends $ZodType ? input<S> : undefined;

/** Validated path parameters, query and body as a handler receives them. */
export type RouteParams<R extends RouteDefinition> = R extends { params: infer S } ? OutputOf<S> : Record<string, never>;
export type RouteQuery<R extends RouteDefinition> = R extends { query: infer S } ? OutputOf<S> : undefined;
export type RouteBody<R extends RouteDefinition> = R extends { body: infer S } ? OutputOf<S> : undefined;
/** What a client sends: path parameters as strings, query and body before defaults are applied. */
export type RouteParamsInput<R extends RouteDefinition> = R extends { params: infer S } ? InputOf<S> : Record<string, never>;
export type RouteQueryInput<R extends RouteDefinition> = R extends { query: infer S } ? InputOf<S> : undefined;
export type RouteBodyInput<R extends RouteDefinition> = R extends { body: infer S } ? InputOf<S> : undefined;
/** The success body: what the handler returns and what the client gets back parsed. */
export type RouteResponse<R extends RouteDefinition> = R extends { response: infer S } ? OutputOf<S> : undefined;
/** What a handler resolves to; on a route without a response (204) it is ignored. */
export type RouteResponseInput<R extends RouteDefinition> = R extends { response: infer S } ? InputOf<S> : unknown;

/** The names of a path's `{parameters}`, in order. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
}

/** The path with its parameters filled in, each URL-encoded. */
export function fillPath(path: string, params: Readonly<Record<string, string>>): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
