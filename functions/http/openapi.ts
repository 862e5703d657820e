import { routeHandler } from '../lib/http-handler.js';
import { openApiDocument } from '../../shared/openapi.js';
import { openApiRoutes } from '../../shared/routes/openapi.js';

/** Made once per instance: the route table does not change while it runs. */
const document = openApiDocument();

/** GET /openapi.json: the API's OpenAPI 3.1 document, generated from the route table. */
export const handler = routeHandler(openApiRoutes.GetOpenApiDocument, async () => document);
