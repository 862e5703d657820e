import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import {
  fillPath,
  type RouteBodyInput,
  type RouteDefinition,
  type RouteParamsInput,
  type RouteQueryInput,
  type RouteResponse,
} from '@shared/routes/contract';
import { apiErrorBody, NOT_AUTHENTICATED } from '@shared/schemas/api-error';
import { fieldErrorsOf, invalidBodyMessage, type FieldError } from '@shared/schemas/field-errors';
import { getIdToken } from './auth-session';
import { getConfig } from './config';

export type { FieldError };

/** A failed API call: the HTTP status (0 when the server was not reached), its message and field errors. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly fields: readonly FieldError[] = [],
    /** False when the server answered an error without any text of its own (the message is a generic one). */
    readonly hasErrorText = true,
    /** A refused (429) call's Retry-After: when it may be tried again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  /** The message for one field of a 400 response, if the server named it. */
  fieldMessage(field: string): string | undefined {
    return this.fields.find((entry) => entry.field === field)?.message;
  }
}

/** What to show for a failed call: the server's own error text when it gave one, else the screen's fallback. */
export function apiErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.hasErrorText ? error.message : fallback;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions<T> {
  readonly method?: HttpMethod;
  /** Sent as JSON. */
  readonly body?: unknown;
  /** Parses the success body; without one the body is ignored and the call resolves to undefined. */
  readonly schema?: $ZodType<T>;
  readonly signal?: AbortSignal;
}

export interface ApiClientDependencies {
  readonly baseUrl: () => string;
  readonly getToken: () => Promise<string | undefined>;
  readonly fetch: typeof fetch;
}

export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Retry-After in seconds (the API sends seconds, never a date); undefined without a usable one. */
function retryAfterOf(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

export function createApiClient(dependencies: ApiClientDependencies) {
  return async function apiRequest<T = undefined>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = await dependencies.getToken();
    if (token) headers.authorization = `Bearer ${token}`;
    const hasBody = options.body !== undefined;
    if (hasBody) headers['content-type'] = 'application/json';

    let response: Response;
    try {
      response = await dependencies.fetch(joinUrl(dependencies.baseUrl(), path), {
        method: options.method ?? 'GET',
        headers,
        ...(hasBody ? { body: JSON.stringify(options.body) } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, 'The server could not be reached');
    }

    const json = await readJson(response);
    if (!response.ok) {
      const body = apiErrorBody.safeParse(json);
      if (body.success) throw new ApiError(response.status, body.data.error, body.data.fields ?? [], true, retryAfterOf(response));
      // API Gateway's authorizer answers {"message":"Unauthorized"}; the spec's text for it is NOT_AUTHENTICATED.
      if (response.status === 401) throw new ApiError(401, NOT_AUTHENTICATED);
      throw new ApiError(response.status, `Request failed with status ${response.status}`, [], false);
    }
    if (!options.schema) return undefined as T;
    const parsed = safeParse(options.schema, json);
    if (!parsed.success) throw new ApiError(response.status, 'The server sent an unexpected response');
    return parsed.data;
  };
}

/** The app's client: the API URL from /config.json and the signed-in user's ID token. */
export const apiRequest = createApiClient({
  baseUrl: () => getConfig().apiUrl,
  getToken: getIdToken,
  fetch: (input, init) => fetch(input, init),
});

/** What a call of a route sends: the parts its contract has, and nothing else. */
export type RouteCall<R extends RouteDefinition> = (R extends { params: $ZodType } ? { readonly params: RouteParamsInput<R> } : unknown) &
  (R extends { query: $ZodType } ? { readonly query: RouteQueryInput<R> } : unknown) &
  (R extends { body: $ZodType } ? { readonly body: RouteBodyInput<R> } : unknown) & { readonly signal?: AbortSignal };

/** The body to send, or the 400 the server would answer, thrown without a round trip. */
export function checkedBody<S extends $ZodType>(schema: S, input: unknown): output<S> {
  const result = safeParse(schema, input);
  if (result.success) return result.data;
  const fields = fieldErrorsOf(result.error);
  throw new ApiError(400, invalidBodyMessage(fields), fields);
}

function queryString(query: unknown): string {
  if (typeof query !== 'object' || query === null) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null) search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Calls of the API contract (shared/routes.ts) over `request`: the URL from the route's path and parameters,
 * the body checked with its schema before it is sent, the answer parsed with its response schema.
 */
export function routeCaller(request: ReturnType<typeof createApiClient>) {
  return async function callRoute<R extends RouteDefinition>(route: R, call: RouteCall<R>): Promise<RouteResponse<R>> {
    const parts = call as { params?: Record<string, string>; query?: unknown; body?: unknown; signal?: AbortSignal };
    const path = `${fillPath(route.path, parts.params ?? {})}${queryString(parts.query)}`;
    return request<RouteResponse<R>>(path, {
      method: route.method,
      ...(route.body ? { body: checkedBody(route.body, parts.body) } : {}),
      // The contract's response schema parses into exactly RouteResponse<R>.
      ...(route.response ? { schema: route.response as $ZodType<RouteResponse<R>> } : {}),
      ...(parts.signal ? { signal: parts.signal } : {}),
    });
  };
}

/** How the web app talks to the API: every call is a route of the contract. */
export const callRoute = routeCaller(apiRequest);
