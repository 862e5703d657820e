import { renameConversationFor } from '../../domain/conversations.js';
import { routeHandler } from '../../lib/http-handler.js';
import { conversationsRoutes } from '../../../shared/routes/conversations.js';

export const handler = routeHandler(conversationsRoutes.RenameConversation, async ({ caller, params, body }) => ({
  conversation: await renameConversationFor(caller, params.workspaceId, params.conversationId, body.title),
}));
