import { createLinkFor } from '../../domain/links.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.CreateLink, async ({ caller, params, body }) => ({ link: await createLinkFor(caller, params.workspaceId, body) }));
