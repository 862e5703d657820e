import * as z from 'zod/mini';
import { listAgentChangesResponse } from '../schemas/agent-change.js';
import { namedRoutes } from './contract.js';

/**
 * One JSON-RPC 2.0 message of the Model Context Protocol (Streamable HTTP, one message a POST): the SDK
 * behind the route checks the rest (functions/http/mcp/message.ts).
 */
const jsonRpcMessage = z.object({
  jsonrpc: z.literal('2.0', { error: 'Must be "2.0"' }),
  method: z.string({ error: 'Must be a JSON-RPC method name' }).check(z.minLength(1), z.maxLength(200)),
  id: z.optional(z.union([z.string().check(z.maxLength(200)), z.number()])),
  params: z.optional(z.record(z.string(), z.unknown())),
});
/** A JSON-RPC response: a result or an error for the request's id. */
const jsonRpcResponse = z.looseObject({ jsonrpc: z.literal('2.0') });

/** The MCP server for outside AI agents and the list of what they changed: part of the route table (shared/routes.ts). */
export const mcpRoutes = namedRoutes({
  McpMessage: {
    method: 'POST', path: '/mcp', handler: 'functions/http/mcp/message', auth: 'user', dataAccess: 'write', status: 200, protocol: 'json-rpc',
    body: jsonRpcMessage, response: jsonRpcResponse,
  },
  // The protocol's GET opens a stream of server messages; this server sends none, so it always answers 405
  // (touching no data; the status is the contract's formality).
  McpStream: {
    method: 'GET', path: '/mcp', handler: 'functions/http/mcp/stream', auth: 'user', dataAccess: 'none', status: 204, protocol: 'json-rpc',
  },
  ListAgentChanges: {
    method: 'GET', path: '/agent-changes', handler: 'functions/http/mcp/list-agent-changes', auth: 'user', dataAccess: 'read', status: 200,
    response: listAgentChangesResponse,
  },
});
