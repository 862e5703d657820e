import { listConversationsFor } from '../../domain/assistant.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.ListConversations, async ({ caller, params }) => ({
  conversations: await listConversationsFor(caller, params.workspaceId),
}));
