import { listAgentChangesFor } from '../../domain/agent-changes.js';
import { routeHandler } from '../../lib/http-handler.js';
import { mcpRoutes } from '../../../shared/routes/mcp.js';

/** Settings → Changes by AI agents: what outside agents did as the caller, each with its Undo. */
export const handler = routeHandler(mcpRoutes.ListAgentChanges, async ({ caller }) => ({ changes: await listAgentChangesFor(caller) }));
