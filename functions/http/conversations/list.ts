import { listConversationsFor } from '../../domain/conversations.js';
import { routeHandler } from '../../lib/http-handler.js';
import { conversationsRoutes } from '../../../shared/routes/conversations.js';

export const handler = routeHandler(conversationsRoutes.ListConversations, async ({ caller, params }) => ({
  conversations: await listConversationsFor(caller, params.workspaceId),
}));
