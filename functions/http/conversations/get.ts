import { getConversationFor } from '../../domain/assistant.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.GetConversation, ({ caller, params }) => getConversationFor(caller, params.workspaceId, params.conversationId));
