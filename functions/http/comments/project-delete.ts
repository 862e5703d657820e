import { deleteCommentFor } from '../../domain/comments.js';
import { routeHandler } from '../../lib/http-handler.js';
import { commentsRoutes } from '../../../shared/routes/comments.js';

export const handler = routeHandler(commentsRoutes.DeleteProjectComment, ({ caller, params }) => deleteCommentFor(caller, params, params.commentId));
