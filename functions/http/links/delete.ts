import { deleteLinkFor } from '../../domain/links.js';
import { routeHandler } from '../../lib/http-handler.js';
import { linksRoutes } from '../../../shared/routes/links.js';

export const handler = routeHandler(linksRoutes.DeleteLink, ({ caller, params }) => deleteLinkFor(caller, params.workspaceId, params.linkId));
