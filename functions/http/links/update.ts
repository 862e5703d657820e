import { updateLinkFor } from '../../domain/links.js';
import { routeHandler } from '../../lib/http-handler.js';
import { linksRoutes } from '../../../shared/routes/links.js';

export const handler = routeHandler(linksRoutes.UpdateLink, async ({ caller, params, body }) => ({
  link: await updateLinkFor(caller, params.workspaceId, params.linkId, body),
}));
