import { undoAssistantWrites } from '../../domain/assistant.js';
import { routeHandler } from '../../lib/http-handler.js';
import { conversationsRoutes } from '../../../shared/routes/conversations.js';

/** Undo all under a reply's pills: takes back its writes, newest first, each answered on its own. */
export const handler = routeHandler(conversationsRoutes.UndoAssistantWrites, async ({ caller, params, body }) => ({
  results: await undoAssistantWrites(caller, params.workspaceId, body.tokens),
}));
