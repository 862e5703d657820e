import { renameConversationFor } from '../../domain/assistant.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.RenameConversation, async ({ caller, params, body }) => ({
  conversation: await renameConversationFor(caller, params.workspaceId, params.conversationId, body.title),
}));
