import { listLinksFor } from '../../domain/links.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.ListLinks, async ({ caller, params }) => ({ links: await listLinksFor(caller, params.workspaceId) }));
