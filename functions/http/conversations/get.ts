import { getConversationFor } from '../../domain/conversations.js';
import { routeHandler } from '../../lib/http-handler.js';
import { conversationsRoutes } from '../../../shared/routes/conversations.js';

export const handler = routeHandler(conversationsRoutes.GetConversation, ({ caller, params }) => getConversationFor(caller, params.workspaceId, params.conversationId));
