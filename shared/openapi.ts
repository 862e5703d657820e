import { toJSONSchema, type $ZodType } from 'zod/v4/core';
import { apiErrorBody } from './schemas/api-error.js';
import { httpRoutes, pathParameterNames, type HttpRoute } from './routes.js';

/**
 * The public API's OpenAPI 3.1 document, generated from the route table: each route's path, method,
 * parameters, body and answer are the very zod schemas its handler validates with (zod's own JSON Schema,
 * draft 2020-12, which OpenAPI 3.1 speaks). Served at `/openapi.json` (functions/http/openapi.ts) and browsed
 * in Settings → API reference; shared/openapi.test.ts fails when a route is missing or differs.
 */
export type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  readonly openapi: '3.1.0';
  readonly paths: Record<string, Record<string, JsonSchema>>;
  readonly [section: string]: unknown;
}

/** A schema as a client sends it (`io: 'input'`: before defaults) or gets it back (`'output'`). */
export function jsonSchemaOf(schema: $ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const CONVENTIONS = `TaskFlow's HTTP API, the one the web app uses.

**Authentication.** Send \`Authorization: Bearer <token>\`: a Cognito ID token (the web app's sign-in) or a personal
API token (\`tf_…\`, made in Settings → API tokens: read or read and write, one workspace or all of yours, with an
expiry). A malformed, expired or revoked credential is answered 401 without saying which. A read token gets 403
on writes; a token used on a workspace it does not reach gets 404, as anyone who is not a member does.

**Errors.** Every answer outside 2xx has the body \`{"error": "<what went wrong>"}\`; a 400 adds
\`"fields": [{"field": "<path>", "message": "<why>"}]\`, one entry per refused field. 404 stands for "not found or
not yours": the API does not tell an outsider what exists.

**Pagination.** Lists that can grow past a page take \`limit\` and \`cursor\` query parameters and answer
\`nextCursor\`: pass it back as \`cursor\` for the next page, until it is null. A cursor is opaque and only valid for
the same query.

**Limits.** Per deployment: reads 50 requests a second (bursts of 100), writes 20 (40), mail-sending routes 2 (5);
per API token 120 requests a minute; beyond a limit the answer is 429 with \`Retry-After\`. A POST that creates may
carry \`Idempotency-Key\`: sent again with the same key, it answers as the first time without doing it twice.
Writes of versioned items send the \`version\` they were made from and get 409 when someone changed it since.`;

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

/** The failures a route can answer, by what it takes and who may call it. */
function errorResponses(route: HttpRoute): Record<string, unknown> {
  const takesInput = route.params !== undefined || route.query !== undefined || route.body !== undefined;
  return {
    ...(takesInput ? { '400': { $ref: '#/components/responses/BadRequest' } } : {}),
    ...(route.auth === 'user' ? { '401': { $ref: '#/components/responses/Unauthorized' }, '403': { $ref: '#/components/responses/Forbidden' } } : {}),
    ...(route.params !== undefined ? { '404': { $ref: '#/components/responses/NotFound' } } : {}),
    ...(route.method !== 'GET' && route.auth === 'user' ? { '409': { $ref: '#/components/responses/Conflict' } } : {}),
    '429': { $ref: '#/components/responses/TooManyRequests' },
  };
}

/** Every property of an object schema, or of any branch of a union of them (a query with several shapes). */
function propertiesOf(schema: JsonSchema): { name: string; schema: unknown; required: boolean }[] {
  const branches = ((schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined) ?? [schema];
  const names = [...new Set(branches.flatMap((branch) => Object.keys((branch.properties ?? {}) as JsonSchema)))];
  return names.map((name) => {
    const holding = branches.filter((branch) => name in ((branch.properties ?? {}) as JsonSchema));
    const [first] = holding;
    return {
      name,
      schema: holding.length === 1 ? ((first?.properties ?? {}) as JsonSchema)[name] : { anyOf: holding.map((branch) => (branch.properties as JsonSchema)[name]) },
      required: holding.length === branches.length && holding.every((branch) => ((branch.required ?? []) as string[]).includes(name)),
    };
  });
}

function parametersOf(route: HttpRoute): unknown[] {
  const path = route.params ? propertiesOf(jsonSchemaOf(route.params, 'input')) : [];
  const byName = new Map(path.map((parameter) => [parameter.name, parameter.schema]));
  const query = route.query ? propertiesOf(jsonSchemaOf(route.query, 'input')) : [];
  return [
    ...pathParameterNames(route.path).map((name) => ({ name, in: 'path', required: true, schema: byName.get(name) ?? { type: 'string' } })),
    ...query.map((parameter) => ({ name: parameter.name, in: 'query', required: parameter.required, schema: parameter.schema })),
  ];
}

/** What a route answers when it works. */
function successResponses(route: HttpRoute): Record<string, unknown> {
  if (route.protocol === 'icalendar') return { [route.status]: { description: 'An iCalendar document', content: { 'text/calendar': { schema: { type: 'string' } } } }, '304': { description: 'Not modified since the ETag sent in If-None-Match' } };
  const success = route.response
    ? { description: 'Done', content: { 'application/json': { schema: jsonSchemaOf(route.response, 'output') } } }
    : { description: 'Done; no body' };
  return { [route.status]: success, ...(route.protocol === 'json-rpc' ? { '202': { description: 'A notification, accepted; no body' } } : {}) };
}

/** The handler folder a route belongs to: its group in the reference. */
const tagOf = (route: HttpRoute) => route.handler.split('/')[2] ?? 'api';

function operationOf(route: HttpRoute): JsonSchema {
  const parameters = parametersOf(route);
  return {
    operationId: route.name,
    summary: route.name.replace(/([a-z])([A-Z])/g, '$1 $2'),
    tags: [tagOf(route)],
    security: route.auth === 'user' ? [{ bearer: [] }] : [],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(route.body, 'input') } } } } : {}),
    responses: { ...successResponses(route), ...errorResponses(route) },
  };
}

export function openApiDocument(routes: readonly HttpRoute[] = httpRoutes): OpenApiDocument {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operationOf(route) };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'TaskFlow API', version: '1', description: CONVENTIONS },
    servers: [{ url: '/api', description: 'This deployment (the site serves the API under /api; locally the API port serves it at its root)' }],
    tags: [...new Set(routes.map(tagOf))].sort().map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'A Cognito ID token, or a personal API token (tf_…)' } },
      schemas: { Error: jsonSchemaOf(apiErrorBody, 'output') },
      responses: {
        BadRequest: errorResponse('The request is not valid: `fields` names each refused field and why'),
        Unauthorized: errorResponse('No credential, or one that does not hold (malformed, expired, revoked)'),
        Forbidden: errorResponse('Not allowed to you: your role, a read token writing, a workspace that requires two-factor sign-in'),
        NotFound: errorResponse('Not found, or not yours to see'),
        Conflict: errorResponse('Changed by someone else since the version you sent; read it again'),
        TooManyRequests: errorResponse('Over a limit: wait the seconds Retry-After says'),
      },
    },
  };
}
