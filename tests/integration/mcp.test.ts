import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { listAgentChangesResponse } from '../../shared/schemas/agent-change.js';
import { createdApiTokenResponse } from '../../shared/schemas/api-token.js';
import { callApi, signUpAndSignIn, type TestUser } from './helpers.js';
import { projectApi } from './project-fixtures.js';

const config = inject('webConfig');

/** The SDK's own client, connected to the local stack's /mcp as `user` (signed in), or with an API token's secret. */
async function connectedClient(user: TestUser | string): Promise<Client> {
  const client = new Client({ name: 'integration-test-agent', version: '1.0.0' });
  const bearer = typeof user === 'string' ? user : user.idToken;
  const transport = new StreamableHTTPClientTransport(new URL(`${config.apiUrl}/mcp`), { requestInit: { headers: { authorization: `Bearer ${bearer}` } } });
  await client.connect(transport);
  return client;
}

const textOf = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;

describe('the MCP server for outside AI agents', () => {
  let alice: TestUser;
  let workspaceId: string;
  let projectId: string;

  beforeAll(async () => {
    alice = await signUpAndSignIn(config);
    const api = projectApi(config, alice);
    workspaceId = await api.createWorkspace('Agents at work');
    projectId = (await api.createProject(workspaceId, { name: 'Launch' })).id;
  });

  it('lists the assistant tools, creates a task the app shows, lists it as an agent change and undoes it', async () => {
    const client = await connectedClient(alice);
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['list_workspaces', 'list_tasks', 'create_task', 'complete_task']));
    // Nothing destructive exists.
    expect(names.filter((name) => name.startsWith('delete'))).toEqual([]);
    expect(tools.find((tool) => tool.name === 'create_task')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(tools.find((tool) => tool.name === 'create_task')?.inputSchema.required).toContain('workspaceId');

    expect(textOf(await client.callTool({ name: 'list_workspaces', arguments: {} }))).toContain(workspaceId);
    const created = await client.callTool({ name: 'create_task', arguments: { workspaceId, title: 'Draft the launch brief', project: 'Launch' } });
    expect(created.isError).toBeFalsy();
    expect(textOf(created)).toContain('Draft the launch brief');
    await client.close();

    const items = await callApi(config, 'GET', `/workspaces/${workspaceId}/projects/${projectId}/items`, { token: alice.idToken });
    expect(JSON.stringify(items.body)).toContain('Draft the launch brief');

    const listed = listAgentChangesResponse.parse((await callApi(config, 'GET', '/agent-changes', { token: alice.idToken })).body);
    const [change] = listed.changes;
    expect(change).toMatchObject({ workspaceId, workspaceName: 'Agents at work', tool: 'create_task', undoneMessage: null });
    expect(change?.label).toContain('Draft the launch brief');

    const undone = await callApi(config, 'POST', `/workspaces/${workspaceId}/assistant/undo`, { token: alice.idToken, body: { token: change?.token } });
    expect(undone.status).toBe(200);
    const after = await callApi(config, 'GET', `/workspaces/${workspaceId}/projects/${projectId}/items`, { token: alice.idToken });
    expect(JSON.stringify(after.body)).not.toContain('Draft the launch brief');
    const relisted = listAgentChangesResponse.parse((await callApi(config, 'GET', '/agent-changes', { token: alice.idToken })).body);
    expect(relisted.changes[0]?.undoneMessage).toMatch(/^Undone/);
  });

  it("refuses arguments that fail a tool's schema and a workspace the caller is not in, writing nothing", async () => {
    const member = await connectedClient(alice);
    const badArguments = await member.callTool({ name: 'create_task', arguments: { workspaceId, title: 42, project: 'Launch' } });
    expect(badArguments.isError).toBe(true);
    expect(textOf(badArguments)).toMatch(/^Invalid arguments for create_task: title/);
    await member.close();
    const bob = await signUpAndSignIn(config);
    const client = await connectedClient(bob);
    const foreign = await client.callTool({ name: 'create_task', arguments: { workspaceId, title: 'Planted by an outsider' } });
    expect(foreign.isError).toBe(true);
    expect(textOf(foreign)).toBe('Workspace not found');
    const missing = await client.callTool({ name: 'list_tasks', arguments: {} });
    expect(textOf(missing)).toMatch(/workspaceId is required/);
    await client.close();

    const items = await callApi(config, 'GET', `/workspaces/${workspaceId}/projects/${projectId}/items`, { token: alice.idToken });
    expect(JSON.stringify(items.body)).not.toContain('Planted by an outsider');
    expect(JSON.stringify(items.body)).not.toContain('"title":42');
    const listed = listAgentChangesResponse.parse((await callApi(config, 'GET', '/agent-changes', { token: bob.idToken })).body);
    expect(listed.changes).toEqual([]);
  });

  it("offers each workspace's projects and a project's tasks as resources, and only the caller's", async () => {
    const client = await connectedClient(alice);
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toContain(`taskflow://workspaces/${workspaceId}/projects`);
    const projects = await client.readResource({ uri: `taskflow://workspaces/${workspaceId}/projects` });
    expect(JSON.stringify(projects.contents)).toContain('Launch');
    await projectApi(config, alice).createTask(workspaceId, projectId, { title: 'Read as a resource' });
    const tasks = await client.readResource({ uri: `taskflow://workspaces/${workspaceId}/projects/${projectId}/tasks` });
    expect(JSON.stringify(tasks.contents)).toContain('Read as a resource');
    // Ids in a resource's URI are ids as the API takes them: at most 64 characters.
    await expect(client.readResource({ uri: `taskflow://workspaces/${'w'.repeat(65)}/projects` })).rejects.toThrow(/Unknown resource/);
    await client.close();

    const outsider = await connectedClient(await signUpAndSignIn(config));
    await expect(outsider.readResource({ uri: `taskflow://workspaces/${workspaceId}/projects` })).rejects.toThrow(/Workspace not found/);
    await outsider.close();
  });

  it("works with a personal API token as the token allows: a read token is offered no write, a token of one workspace reaches no other, the token's name on each change", async () => {
    const tokenOf = async (name: string, scope: 'read' | 'read-write', tokenWorkspaceId: string | null) =>
      createdApiTokenResponse.parse((await callApi(config, 'POST', '/api-tokens', { token: alice.idToken, body: { name, scope, workspaceId: tokenWorkspaceId, expiresInDays: 30 } })).body).secret;
    const otherWorkspaceId = await projectApi(config, alice).createWorkspace('Elsewhere');

    const reader = await connectedClient(await tokenOf('Reader', 'read', null));
    const readTools = (await reader.listTools()).tools.map((tool) => tool.name);
    expect(readTools).toContain('list_tasks');
    expect(readTools).not.toContain('create_task');
    const refused = await reader.callTool({ name: 'create_task', arguments: { workspaceId, title: 'Written by a read token', project: 'Launch' } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/can only read/);
    await reader.close();

    const bound = await connectedClient(await tokenOf('Cursor on Launch', 'read-write', otherWorkspaceId));
    expect(textOf(await bound.callTool({ name: 'list_workspaces', arguments: {} }))).not.toContain(workspaceId);
    const elsewhere = await bound.callTool({ name: 'create_task', arguments: { workspaceId, title: 'Across workspaces', project: 'Launch' } });
    expect(textOf(elsewhere)).toBe('Workspace not found');
    await bound.close();

    const writer = await connectedClient(await tokenOf('Claude Desktop', 'read-write', null));
    expect((await writer.callTool({ name: 'create_task', arguments: { workspaceId, title: 'Made through a token', project: 'Launch' } })).isError).toBeFalsy();
    await writer.close();
    const items = JSON.stringify((await callApi(config, 'GET', `/workspaces/${workspaceId}/projects/${projectId}/items`, { token: alice.idToken })).body);
    expect(items).toContain('Made through a token');
    expect(items).not.toContain('Written by a read token');
    expect(items).not.toContain('Across workspaces');
    const [latest] = listAgentChangesResponse.parse((await callApi(config, 'GET', '/agent-changes', { token: alice.idToken })).body).changes;
    expect(latest).toMatchObject({ agentName: 'Claude Desktop', tool: 'create_task' });

    // Token access turned off for the workspace: its tools refuse the token.
    expect((await callApi(config, 'PATCH', `/workspaces/${workspaceId}`, { token: alice.idToken, body: { apiTokensEnabled: false } })).status).toBe(200);
    const afterOff = await connectedClient(await tokenOf('After off', 'read-write', null));
    const off = await afterOff.callTool({ name: 'list_tasks', arguments: { workspaceId } });
    expect(off.isError).toBe(true);
    await afterOff.close();
  });

  it('answers HTTP itself: 401 without a token, 400 naming the field for a message that is not JSON-RPC, 405 for the event stream', async () => {
    expect((await callApi(config, 'POST', '/mcp', { body: { jsonrpc: '2.0', method: 'tools/list', id: 1 } })).status).toBe(401);
    const notRpc = await callApi(config, 'POST', '/mcp', { token: alice.idToken, body: { jsonrpc: '1.0', method: 'tools/list', id: 1 } });
    expect(notRpc.status).toBe(400);
    expect(JSON.stringify(notRpc.body)).toContain('jsonrpc');
    expect((await callApi(config, 'GET', '/mcp', { token: alice.idToken })).status).toBe(405);
  });
});
