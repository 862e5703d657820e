import { deleteConversationFor } from '../../domain/conversations.js';
import { routeHandler } from '../../lib/http-handler.js';
import { conversationsRoutes } from '../../../shared/routes/conversations.js';

export const handler = routeHandler(conversationsRoutes.DeleteConversation, ({ caller, params }) => deleteConversationFor(caller, params.workspaceId, params.conversationId));
