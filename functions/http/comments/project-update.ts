import { updateCommentFor } from '../../domain/comments.js';
import { routeHandler } from '../../lib/http-handler.js';
import { commentsRoutes } from '../../../shared/routes/comments.js';

export const handler = routeHandler(commentsRoutes.UpdateProjectComment, async ({ caller, params, body }) => ({
  comment: await updateCommentFor(caller, params, params.commentId, body),
}));
