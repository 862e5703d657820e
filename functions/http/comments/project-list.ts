import { listCommentsFor } from '../../domain/comments.js';
import { routeHandler } from '../../lib/http-handler.js';
import { commentsRoutes } from '../../../shared/routes/comments.js';

export const handler = routeHandler(commentsRoutes.ListProjectComments, ({ caller, params, query }) => listCommentsFor(caller, params, query));
