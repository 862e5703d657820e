import { routeStack } from '../../lib/http-handler.js';
import { mcpRoutes } from '../../../shared/routes/mcp.js';

/** GET /mcp: no stream of server messages here (stateless, answers come with each POST), as the protocol allows. */
export const handler = routeStack(mcpRoutes.McpStream).handler(async () => ({
  statusCode: 405,
  headers: { allow: 'POST', 'content-type': 'application/json' },
  body: JSON.stringify({ error: 'This MCP server answers each POST in its response and opens no event stream' }),
}));
