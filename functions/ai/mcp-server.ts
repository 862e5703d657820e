import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { todayIn } from '../../shared/rules/calendar-date.js';
import { ID_PART } from '../../shared/schemas/ids.js';
import { takeAgentCallQuota } from '../data/quota.js';
import { recordAgentChange } from '../domain/agent-changes.js';
import { checkTokenWorkspaceById } from '../domain/api-token-access.js';
import { requireMembership, WORKSPACE_NOT_FOUND } from '../domain/authorize.js';
import { getProfileFor, ownTimeZone } from '../domain/profiles.js';
import { listProjectItemsFor, listProjectsFor } from '../domain/projects.js';
import { listWorkspacesOf } from '../domain/workspaces.js';
import type { Caller } from '../lib/caller.js';
import { abuseLimits } from '../lib/abuse-limits.js';
import { HttpError } from '../lib/errors.js';
import { ToolError } from './tool-context.js';
import { isWriteTool, runTool, toolSpecs } from './tools.js';

/**
 * The MCP server outside AI agents (Claude Desktop, Cursor, any MCP client) talk to at `/mcp`: the
 * assistant's own tools over the same domain functions, acting as one user under that user's role. Each
 * write keeps the assistant's undo, and is listed in Settings as an agent change with its Undo. Nothing
 * destructive exists among the tools. A caller with a personal API token gets what the token allows: a
 * read token is offered no write tool at all, a token of one workspace reaches no other, and a workspace
 * that turned tokens off refuses them.
 */
export interface McpAccess {
  readonly caller: Caller;
  /** Who the changes are said to be made by in Settings (the token's name). */
  readonly agentName: string;
}

const canWrite = (access: McpAccess) => access.caller.token === undefined || access.caller.token.scope === 'read-write';
/** The one workspace a token of one workspace reaches; undefined for every workspace of the caller's. */
const reachOf = (access: McpAccess) => access.caller.token?.workspaceId ?? undefined;

const SERVER_INFO = { name: 'taskflow', version: '1.0.0' };
const INSTRUCTIONS =
  'TaskFlow: projects and tasks of the workspaces you belong to. Call list_workspaces first; every other tool takes the workspaceId. ' +
  'Writes act as you and can be undone in TaskFlow (Settings → Changes by AI agents). Nothing can be deleted through this server.';
const LIST_WORKSPACES = 'list_workspaces';

export function mcpServerFor(access: McpAccess): Server {
  const server = new Server(SERVER_INFO, { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolsFor(access) }));
  server.setRequestHandler(CallToolRequestSchema, ({ params }) => callTool(access, params.name, params.arguments ?? {}));
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: (await workspacesOf(access)).map((workspace) => ({
      uri: projectsUri(workspace.id),
      name: `Projects of ${workspace.name}`,
      mimeType: JSON_TYPE,
    })),
  }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [{ uriTemplate: 'taskflow://workspaces/{workspaceId}/projects/{projectId}/tasks', name: "A project's tasks", mimeType: JSON_TYPE }],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async ({ params }) => ({
    contents: [{ uri: params.uri, mimeType: JSON_TYPE, text: JSON.stringify(await readResource(access, params.uri)) }],
  }));
  return server;
}

/** The assistant's tools (writes only when the access may write), each taking the workspace, and list_workspaces. */
function toolsFor(access: McpAccess): Tool[] {
  const reach = reachOf(access);
  const workspaceId = { type: 'string', description: reach ? `the workspace's id (this token reaches ${reach} only)` : 'the workspace id, from list_workspaces' };
  const assistantTools = toolSpecs()
    .filter((spec) => canWrite(access) || !isWriteTool(spec.name))
    .map(({ name, description, inputSchema }): Tool => {
      const required = Array.isArray(inputSchema.required) ? (inputSchema.required as string[]) : [];
      const properties = (inputSchema.properties ?? {}) as Record<string, object>;
      const writes = isWriteTool(name);
      return {
        name,
        description,
        inputSchema: { ...inputSchema, type: 'object', properties: { workspaceId, ...properties }, required: reach ? required : ['workspaceId', ...required] },
        annotations: { readOnlyHint: !writes, destructiveHint: false, openWorldHint: false },
      };
    });
  const listWorkspaces: Tool = {
    name: LIST_WORKSPACES,
    description: 'List the workspaces you can work in, with their ids and your role in each.',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true, openWorldHint: false },
  };
  return [listWorkspaces, ...assistantTools];
}

/**
 * One tool call: the workspace checked (a member, within the access), the user's pace counted, then the
 * assistant's tool as in a chat. Refusals are tool errors (`isError`) with the reason, so an agent can
 * correct itself: nothing is written then.
 */
async function callTool(access: McpAccess, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  try {
    if (name === LIST_WORKSPACES) return answer((await workspacesOf(access)).map(({ id, name: workspaceName, role }) => ({ id, name: workspaceName, role })));
    if (isWriteTool(name) && !canWrite(access)) throw new ToolError('This token can only read: create a token with read and write access to make changes.');
    const quota = await takeAgentCallQuota(access.caller.userId, abuseLimits.agentCallsPerMinute, new Date());
    if (!quota.allowed) throw new ToolError(`Too many tool calls: at most ${abuseLimits.agentCallsPerMinute} a minute. Try again in ${quota.retryAfterSeconds} s.`);
    const { workspaceId: wanted, ...toolArgs } = args;
    // The user's own zone is read beside the workspace check (it says nothing of the workspace).
    const [workspaceId, profile] = await Promise.all([reachableWorkspace(access, wanted), getProfileFor(access.caller)]);
    const timeZone = ownTimeZone(profile, 'UTC');
    const outcome = await runTool({ caller: access.caller, workspaceId, today: todayIn(timeZone), timeZone }, name, toolArgs);
    if (outcome.undo) await recordAgentChange(access.caller, { workspaceId, token: outcome.undo.token, tool: name, label: outcome.undo.label, agentName: access.agentName });
    return answer(outcome.result, outcome.message);
  } catch (error) {
    if (error instanceof ToolError || error instanceof HttpError) return { isError: true, content: [{ type: 'text', text: error.message }] };
    throw error;
  }
}

/** A result as the model reads it: the pill's line, then the data as JSON. */
function answer(result: unknown, message?: string): CallToolResult {
  const data = JSON.stringify(result);
  return { content: [{ type: 'text', text: message ? `${message}\n${data}` : data }] };
}

/** The workspace a call names, if the caller is a member and the access reaches it; else refused as not found. */
async function reachableWorkspace(access: McpAccess, wanted: unknown): Promise<string> {
  const reach = reachOf(access);
  const workspaceId = typeof wanted === 'string' && wanted !== '' ? wanted : reach;
  if (workspaceId === undefined) throw new ToolError('Invalid arguments: workspaceId is required (list_workspaces gives the ids).');
  if (reach !== undefined && workspaceId !== reach) throw new ToolError(WORKSPACE_NOT_FOUND);
  const { token } = access.caller;
  // The workspace's own rules for tokens (turned off, never-expiring ones) after membership: said only to members.
  await requireMembership(workspaceId, access.caller.userId);
  if (token) await checkTokenWorkspaceById({ userId: access.caller.userId, expiresAt: token.expiresAt }, workspaceId);
  return workspaceId;
}

async function workspacesOf(access: McpAccess) {
  const reach = reachOf(access);
  return (await listWorkspacesOf(access.caller)).filter((workspace) => reach === undefined || workspace.id === reach);
}

const JSON_TYPE = 'application/json';
const projectsUri = (workspaceId: string) => `taskflow://workspaces/${workspaceId}/projects`;
const RESOURCE_URI = new RegExp(`^taskflow://workspaces/(${ID_PART})/projects(?:/(${ID_PART})/tasks)?$`);

/** A workspace's projects, or one project's tasks (open and done, with their sub-tasks' parents). */
async function readResource(access: McpAccess, uri: string): Promise<unknown> {
  const match = RESOURCE_URI.exec(uri);
  if (!match?.[1]) throw new McpError(ErrorCode.InvalidParams, `Unknown resource: ${uri}`);
  const [, wanted, projectId] = match;
  try {
    const workspaceId = await reachableWorkspace(access, wanted);
    if (projectId === undefined) return await listProjectsFor(access.caller, workspaceId);
    const { tasks } = await listProjectItemsFor(access.caller, workspaceId, projectId);
    return tasks;
  } catch (error) {
    if (error instanceof ToolError || error instanceof HttpError) throw new McpError(ErrorCode.InvalidParams, error.message);
    throw error;
  }
}
