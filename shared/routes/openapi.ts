import * as z from 'zod/mini';
import { namedRoutes } from './contract.js';

/** An OpenAPI document: checked here only as one (shared/openapi.test.ts checks what it says). */
const openApiResponse = z.looseObject({ openapi: z.literal('3.1.0'), paths: z.record(z.string(), z.unknown()) });

/** The API's own reference: part of the route table (shared/routes.ts). */
export const openApiRoutes = namedRoutes({
  // Public, like any API's reference: it says what the routes take, never what anyone stored.
  GetOpenApiDocument: {
    method: 'GET', path: '/openapi.json', handler: 'functions/http/openapi', auth: 'public', dataAccess: 'none', status: 200, response: openApiResponse,
  },
});
