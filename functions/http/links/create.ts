import { createLinkFor } from '../../domain/links.js';
import { routeHandler } from '../../lib/http-handler.js';
import { linksRoutes } from '../../../shared/routes/links.js';

export const handler = routeHandler(linksRoutes.CreateLink, async ({ caller, params, body }) => ({ link: await createLinkFor(caller, params.workspaceId, body) }));
