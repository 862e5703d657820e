import { undoAssistantWrite } from '../../domain/assistant.js';
import { routeHandler } from '../../lib/http-handler.js';
import { conversationsRoutes } from '../../../shared/routes/conversations.js';

/** The Undo button of a tool pill: takes back that one write of the assistant. */
export const handler = routeHandler(conversationsRoutes.UndoAssistantWrite, ({ caller, params, body }) => undoAssistantWrite(caller, params.workspaceId, body.token));
