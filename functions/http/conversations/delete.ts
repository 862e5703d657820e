import { deleteConversationFor } from '../../domain/assistant.js';
import { routeHandler } from '../../lib/http-handler.js';
import { routes } from '../../../shared/routes.js';

export const handler = routeHandler(routes.DeleteConversation, ({ caller, params }) => deleteConversationFor(caller, params.workspaceId, params.conversationId));
