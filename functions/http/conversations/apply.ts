import { applyAssistantProposal } from '../../ai/proposals.js';
import { routeHandler } from '../../lib/http-handler.js';
import { conversationsRoutes } from '../../../shared/routes/conversations.js';

/** The Apply button of a proposed tool pill: makes that one write the assistant proposed. */
export const handler = routeHandler(conversationsRoutes.ApplyAssistantProposal, ({ caller, params, body }) => applyAssistantProposal(caller, params.workspaceId, body.token));
