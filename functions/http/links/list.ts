import { listLinksFor } from '../../domain/links.js';
import { routeHandler } from '../../lib/http-handler.js';
import { linksRoutes } from '../../../shared/routes/links.js';

export const handler = routeHandler(linksRoutes.ListLinks, async ({ caller, params }) => ({ links: await listLinksFor(caller, params.workspaceId) }));
