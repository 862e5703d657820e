import { createCommentFor } from '../../domain/comments.js';
import { routeHandler } from '../../lib/http-handler.js';
import { commentsRoutes } from '../../../shared/routes/comments.js';

export const handler = routeHandler(commentsRoutes.CreateProjectComment, async ({ caller, params, body }) => ({ comment: await createCommentFor(caller, params, body) }));
