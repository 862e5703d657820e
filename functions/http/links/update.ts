import { updateLinkFor } from '../../domain/links.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.UpdateLink, async ({ caller, params, body }) => ({
  link: await updateLinkFor(caller, params.workspaceId, params.linkId, body),
}));
