import { deleteLinkFor } from '../../domain/links.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.DeleteLink, ({ caller, params }) => deleteLinkFor(caller, params.workspaceId, params.linkId));
