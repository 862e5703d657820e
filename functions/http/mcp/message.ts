import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { mcpServerFor } from '../../ai/mcp-server.js';
import type { ApiEvent } from '../../lib/caller.js';
import { callerOf, routeStack } from '../../lib/http-handler.js';
import { parseJsonBody } from '../../lib/parse-body.js';
import { mcpRoutes } from '../../../shared/routes/mcp.js';

const route = mcpRoutes.McpMessage;

/**
 * POST /mcp: one message of the Model Context Protocol, answered in the same response (Streamable HTTP,
 * stateless, JSON answers: a Lambda keeps no session and streams nothing). A fresh server per request acts
 * as the caller, signed in or (as agents are) with a personal API token, checked as on every route; the
 * body is checked as a JSON-RPC message first (400 naming the field), then by the SDK.
 */
export const handler = routeStack(route).handler(async (event) => {
  const caller = await callerOf(route, event);
  const message = parseJsonBody(event, route.body);
  const server = mcpServerFor({ caller, agentName: caller.token?.name ?? 'MCP client' });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await toResult(await transport.handleRequest(webRequestOf(event), { parsedBody: message }));
  } finally {
    await server.close();
  }
});

/**
 * The request as the SDK's transport reads it. It answers only JSON here, so a client that did not say it
 * also takes an event stream (as the protocol asks) is served all the same.
 */
function webRequestOf(event: ApiEvent): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(event.headers)) if (value !== undefined) headers.set(name, value);
  headers.set('accept', 'application/json, text/event-stream');
  headers.set('content-type', 'application/json');
  return new Request(`https://${event.requestContext.domainName}${event.rawPath}`, { method: 'POST', headers });
}

async function toResult(response: Response): Promise<APIGatewayProxyStructuredResultV2> {
  const body = await response.text();
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { statusCode: response.status, headers, ...(body === '' ? {} : { body }) };
}
