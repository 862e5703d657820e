import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { serverMessage } from '../../shared/realtime.js';
import { STOPPED_REPLY_LEASE_SECONDS } from '../../shared/routes.js';
import {
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_MESSAGES_PER_MINUTE,
  conversationResponse,
  listConversationsResponse,
  REPLIES_IN_FLIGHT,
  REPLIES_IN_FLIGHT_PER_USER,
  REPLY_UNDER_WAY,
  type ChatFrame,
} from '../../shared/schemas/chat.js';
import { callApi, openSocket, signUpAndSignIn, type TestUser } from './helpers.js';
import { useTestTable } from './member-fixtures.js';
import { projectApi, userIdOf } from './project-fixtures.js';

const config = inject('webConfig');
// For holding a conversation as a worker that died would, straight in the stack's table.
useTestTable();

/** A browser's socket: sends chat requests and collects each reply's frames until `done` or `error`. */
async function chatSocket(user: TestUser) {
  const socket = await openSocket(config, user.idToken);
  const replies = new Map<string, { frames: ChatFrame[]; finished: () => void }>();
  socket.on('message', (data) => {
    const message = serverMessage.parse(JSON.parse(String(data)));
    if (message.type !== 'chat') return;
    const reply = replies.get(message.requestId);
    reply?.frames.push(message.frame);
    if (message.frame.type === 'done' || message.frame.type === 'error') reply?.finished();
  });
  return {
    socket,
    send: (message: Record<string, unknown>) => socket.send(JSON.stringify(message)),
    async ask(workspaceId: string, message: string, extra: Record<string, unknown> = {}): Promise<ChatFrame[]> {
      const requestId = randomUUID();
      const frames: ChatFrame[] = [];
      const done = new Promise<void>((resolve, reject) => {
        replies.set(requestId, { frames, finished: resolve });
        setTimeout(() => reject(new Error(`No end of reply; got ${JSON.stringify(frames)}`)), 15_000);
      });
      socket.send(JSON.stringify({ action: 'chat', requestId, workspaceId, message, timeZone: 'UTC', ...extra }));
      await done;
      return frames;
    },
  };
}

const text = (frames: readonly ChatFrame[]) => frames.flatMap((frame) => (frame.type === 'text-delta' ? [frame.data.text] : [])).join('');

describe('the assistant over the WebSocket API (offline provider)', () => {
  let alice: TestUser;
  let api: ReturnType<typeof projectApi>;
  let workspaceId: string;
  let projectId: string;

  beforeAll(async () => {
    alice = await signUpAndSignIn(config);
    api = projectApi(config, alice);
    workspaceId = await api.createWorkspace('Assisted');
    projectId = (await api.createProject(workspaceId, { name: 'Apollo' })).id;
  });

  it('creates a task from plain English, streams the steps, stores the conversation, and undoes the write', async () => {
    const chat = await chatSocket(alice);
    const frames = await chat.ask(workspaceId, "add a high priority task 'Write spec' to apolo due 2030-01-15, 90 min");
    expect(frames[0]).toMatchObject({ type: 'start' });
    const conversationId = frames[0]?.type === 'start' ? frames[0].conversationId : '';
    expect(frames.find((frame) => frame.type === 'tool-call')).toMatchObject({ data: { toolName: 'create_task', args: { title: 'Write spec', project: 'apolo' } } });
    const result = frames.find((frame) => frame.type === 'tool-result');
    expect(result).toMatchObject({ data: { status: 'success', message: 'Created "Write spec" in Apollo', undo: { token: expect.any(String) } } });
    expect(text(frames)).toContain('Write spec');
    expect(frames.at(-1)).toMatchObject({ type: 'done' });
    for (const frame of frames) expect(Buffer.byteLength(JSON.stringify(frame))).toBeLessThanOrEqual(32 * 1024);

    const { tasks } = await api.getProjectWithItems(workspaceId, projectId);
    expect(tasks).toEqual([expect.objectContaining({ title: 'Write spec', priority: 'high', dueDate: '2030-01-15', timeEstimate: 90 })]);

    const listed = listConversationsResponse.parse((await api.call('GET', `/workspaces/${workspaceId}/conversations`)).body);
    expect(listed.conversations.map((conversation) => conversation.id)).toContain(conversationId);
    const loaded = conversationResponse.parse((await api.call('GET', `/workspaces/${workspaceId}/conversations/${conversationId}`)).body);
    expect(loaded.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(loaded.messages[0]?.id).toBe(frames[0]?.type === 'start' ? frames[0].messageId : 'missing');
    expect(loaded.messages[1]?.toolCalls[0]).toMatchObject({ name: 'create_task', status: 'success' });

    const token = result?.type === 'tool-result' ? (result.data.undo?.token ?? '') : '';
    expect(await api.call('POST', `/workspaces/${workspaceId}/assistant/undo`, { token })).toEqual({ status: 200, body: { message: 'Undone: Created "Write spec" in Apollo' } });
    expect((await api.getProjectWithItems(workspaceId, projectId)).tasks).toEqual([]);
    expect(await api.call('POST', `/workspaces/${workspaceId}/assistant/undo`, { token })).toEqual({ status: 409, body: { error: 'Already undone' } });
    // A token that could not be a key is refused as input, not sent to DynamoDB.
    expect(await api.call('POST', `/workspaces/${workspaceId}/assistant/undo`, { token: 'x'.repeat(1_500) })).toMatchObject({ status: 400, body: { fields: [{ field: 'token' }] } });
    // Reloaded, the pill says what its undo did instead of offering it again.
    const reloaded = conversationResponse.parse((await api.call('GET', `/workspaces/${workspaceId}/conversations/${conversationId}`)).body);
    expect(reloaded.messages[1]?.toolCalls[0]?.undo).toEqual({ token, label: 'Created "Write spec" in Apollo', undone: 'Undone: Created "Write spec" in Apollo' });
    chat.socket.close();
  });

  it('continues a conversation, and refuses an undo once the item has changed since', async () => {
    const chat = await chatSocket(alice);
    const first = await chat.ask(workspaceId, 'add task Review design to Apollo');
    const conversationId = first[0]?.type === 'start' ? first[0].conversationId : '';
    const completed = await chat.ask(workspaceId, 'complete review design', { conversationId });
    expect(completed[0]).toEqual({ type: 'start', conversationId, messageId: expect.any(String) });
    const result = completed.find((frame) => frame.type === 'tool-result');
    expect(result).toMatchObject({ data: { toolName: 'complete_task', status: 'success' } });
    const task = (await api.getProjectWithItems(workspaceId, projectId)).tasks.find((candidate) => candidate.title === 'Review design');
    expect(task).toMatchObject({ completed: true, status: 'completed' });

    // Reopened by someone since: what the completion wrote no longer holds.
    await api.call('PATCH', `/workspaces/${workspaceId}/projects/${projectId}/tasks/${task?.id}`, { version: task?.version, completed: false });
    const token = result?.type === 'tool-result' ? (result.data.undo?.token ?? '') : '';
    expect((await api.call('POST', `/workspaces/${workspaceId}/assistant/undo`, { token })).status).toBe(409);
    const loaded = conversationResponse.parse((await api.call('GET', `/workspaces/${workspaceId}/conversations/${conversationId}`)).body);
    expect(loaded.messages).toHaveLength(4);
    // Refused, not used: the pill still offers it (the item may be put back as the assistant left it).
    expect(loaded.messages[3]?.toolCalls[0]?.undo).toEqual({ token, label: expect.any(String) });
    chat.socket.close();
  });

  it('answers what it cannot read with what it can do, and lists what is overdue', async () => {
    const chat = await chatSocket(alice);
    expect(text(await chat.ask(workspaceId, 'sing me a song'))).toContain('Create a task');
    await api.createTask(workspaceId, projectId, { title: 'Late thing', dueDate: '2020-01-01' });
    const overdue = await chat.ask(workspaceId, 'what is overdue?');
    expect(overdue.find((frame) => frame.type === 'tool-result')).toMatchObject({ data: { toolName: 'list_tasks', status: 'success' } });
    expect(text(overdue)).toContain('Late thing');
    chat.socket.close();
  });

  it("never reaches another workspace: not by the request's workspace, nor by names the tools are given", async () => {
    const bob = await signUpAndSignIn(config);
    const bobsApi = projectApi(config, bob);
    const bobsWorkspace = await bobsApi.createWorkspace('Private');
    const bobsProject = await bobsApi.createProject(bobsWorkspace, { name: 'Secret Plan' });
    await bobsApi.createTask(bobsWorkspace, bobsProject.id, { title: 'Hidden task' });

    const chat = await chatSocket(alice);
    expect(await chat.ask(bobsWorkspace, 'list tasks')).toEqual([{ type: 'error', data: { error: 'not_found', message: 'Workspace not found' } }]);
    const viaName = await chat.ask(workspaceId, 'complete Hidden task');
    expect(viaName.find((frame) => frame.type === 'tool-result')).toMatchObject({ data: { status: 'error' } });
    const intoProject = await chat.ask(workspaceId, 'add task Leak to Secret Plan');
    expect(intoProject.find((frame) => frame.type === 'tool-result')).toMatchObject({ data: { status: 'error', message: expect.stringContaining('No project called') } });
    expect((await bobsApi.getProjectWithItems(bobsWorkspace, bobsProject.id)).tasks.map((task) => [task.title, task.completed])).toEqual([['Hidden task', false]]);
    expect((await callApi(config, 'GET', `/workspaces/${workspaceId}/conversations`, { token: bob.idToken })).status).toBe(404);
    chat.socket.close();
  });

  it('answers a message over the length limit on its own request with the reason, storing nothing', async () => {
    const chat = await chatSocket(alice);
    const before = (await callApi(config, 'GET', `/workspaces/${workspaceId}/conversations`, { token: alice.idToken })).body;
    expect(await chat.ask(workspaceId, 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1))).toEqual([
      { type: 'error', data: { error: 'invalid_request', message: `Message must be at most ${CHAT_MESSAGE_MAX_LENGTH} characters` } },
    ]);
    expect((await callApi(config, 'GET', `/workspaces/${workspaceId}/conversations`, { token: alice.idToken })).body).toEqual(before);
    chat.socket.close();
  });

  it(`allows ${CHAT_MESSAGES_PER_MINUTE} messages a minute per user, then says when to try again`, async () => {
    const carol = await signUpAndSignIn(config);
    const carolsWorkspace = await projectApi(config, carol).createWorkspace('Chatty');
    const chat = await chatSocket(carol);
    // Twice the limit and one more, as many at a time as may run at once: refused even if the burst straddles
    // two clock minutes.
    const replies: ChatFrame[][] = [];
    for (let sent = 0; sent < 2 * CHAT_MESSAGES_PER_MINUTE + 1; sent += REPLIES_IN_FLIGHT_PER_USER) {
      const count = Math.min(REPLIES_IN_FLIGHT_PER_USER, 2 * CHAT_MESSAGES_PER_MINUTE + 1 - sent);
      replies.push(...(await Promise.all(Array.from({ length: count }, () => chat.ask(carolsWorkspace, 'help')))));
    }
    const refused = replies.filter((frames) => frames[0]?.type === 'error');
    const answered = replies.filter((frames) => frames.at(-1)?.type === 'done');
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(answered.length).toBeGreaterThanOrEqual(CHAT_MESSAGES_PER_MINUTE);
    expect(answered.length).toBeLessThanOrEqual(2 * CHAT_MESSAGES_PER_MINUTE);
    for (const frames of refused) expect(frames).toEqual([{ type: 'error', data: { error: 'rate_limited', message: expect.stringMatching(/^Too many messages; try again in \d+ s$/), retryAfterSeconds: expect.any(Number) } }]);
    chat.socket.close();
  }, 60_000);

  it(`runs at most ${REPLIES_IN_FLIGHT_PER_USER} replies of one user at once, across conversations, and frees a slot when a reply ends`, async () => {
    const erin = await signUpAndSignIn(config);
    const erinsWorkspace = await projectApi(config, erin).createWorkspace('Two at a time');
    const chat = await chatSocket(erin);
    const { claimReplySlot, releaseReplySlot } = await import('../../functions/data/chat-runs.js');
    // Two replies still running (their workers hold the slots), in other conversations.
    const running = [randomUUID(), randomUUID()];
    for (const requestId of running) expect(await claimReplySlot(userIdOf(erin), requestId, 600)).toBe(true);
    const refused = { type: 'error', data: { error: 'rate_limited', message: REPLIES_IN_FLIGHT } };
    expect(await chat.ask(erinsWorkspace, 'list projects')).toEqual([refused]);
    // Nothing was started: no conversation was made for the refused message.
    expect(listConversationsResponse.parse((await callApi(config, 'GET', `/workspaces/${erinsWorkspace}/conversations`, { token: erin.idToken })).body).conversations).toEqual([]);

    await releaseReplySlot(userIdOf(erin), running[0] ?? '');
    expect((await chat.ask(erinsWorkspace, 'list projects')).at(-1)).toMatchObject({ type: 'done' });
    // That reply gave its slot back when it ended: the next one runs too, while the other slot is still held.
    expect((await chat.ask(erinsWorkspace, 'what is overdue?')).at(-1)).toMatchObject({ type: 'done' });
    chat.socket.close();
  }, 30_000);

  it('counts the model tokens of every reply for the user and the workspace, and refuses new messages once a day\'s budget is spent', async () => {
    const { integrationAbuseLimits } = await import('./stack-limits.js');
    const { keys } = await import('../../functions/data/keys.js');
    const { testTable, tableClient, addMember, newAccount } = await import('./member-fixtures.js');
    const { GetCommand: Get, PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const [owner, teammate] = await Promise.all([newAccount(), newAccount()]);
    const budgetWorkspace = await projectApi(config, owner).createWorkspace('On a budget');
    await addMember(owner, budgetWorkspace, teammate);
    const today = `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`;
    const counter = (spender: string) => keys.assistantTokens(spender, today);
    const spent = async (spender: string) => Number((await tableClient.send(new Get({ TableName: testTable.tableName, Key: counter(spender) }))).Item?.count ?? 0);
    const fill = (spender: string, count: number) => tableClient.send(new PutCommand({ TableName: testTable.tableName, Item: { ...counter(spender), entity: 'AssistantTokens', count, expiresAt: Math.floor(Date.now() / 1000) + 172_800 } }));

    const chat = await chatSocket(owner);
    expect((await chat.ask(budgetWorkspace, 'list projects')).at(-1)).toMatchObject({ type: 'done' });
    // The offline assistant reports what a model would have charged (its reading of the request, its answer).
    const byOwner = await spent(`USER#${userIdOf(owner)}`);
    expect(byOwner).toBeGreaterThan(1_000);
    expect(await spent(`WS#${budgetWorkspace}`)).toBe(byOwner);

    await fill(`USER#${userIdOf(owner)}`, integrationAbuseLimits.assistantTokensPerUserPerDay);
    const refused = await chat.ask(budgetWorkspace, 'list projects');
    expect(refused).toEqual([{ type: 'error', data: { error: 'rate_limited', message: expect.stringMatching(/^You have used your assistant allowance for today\. It renews at midnight UTC, in \d+ (h \d+ )?min\.$/), retryAfterSeconds: expect.any(Number) } }]);
    // The teammate's own budget is untouched: they are still answered.
    const teammateChat = await chatSocket(teammate);
    expect((await teammateChat.ask(budgetWorkspace, 'list projects')).at(-1)).toMatchObject({ type: 'done' });

    // The workspace's budget, spent across its members, stops everyone in it (and nobody elsewhere).
    await fill(`WS#${budgetWorkspace}`, integrationAbuseLimits.assistantTokensPerWorkspacePerDay);
    expect((await teammateChat.ask(budgetWorkspace, 'list projects'))[0]).toMatchObject({ type: 'error', data: { error: 'rate_limited', message: expect.stringContaining('This workspace has used its assistant allowance for today') } });
    const elsewhere = await projectApi(config, teammate).createWorkspace('Elsewhere');
    expect((await teammateChat.ask(elsewhere, 'list projects')).at(-1)).toMatchObject({ type: 'done' });
    chat.socket.close();
    teammateChat.socket.close();
  }, 30_000);

  it('answers one message at a time per conversation, and Stop ends the hold of a reply whose worker died within seconds', async () => {
    const dave = await signUpAndSignIn(config);
    const davesWorkspace = await projectApi(config, dave).createWorkspace('One at a time');
    const chat = await chatSocket(dave);
    const first = await chat.ask(davesWorkspace, 'list projects');
    const conversationId = first[0]?.type === 'start' ? first[0].conversationId : '';
    const busy = { type: 'error', data: { error: 'busy', message: REPLY_UNDER_WAY } };

    // Two tabs sending at once: one reply runs, the other message is refused and not stored.
    const both = await Promise.all([chat.ask(davesWorkspace, 'what is overdue?', { conversationId }), chat.ask(davesWorkspace, 'list projects', { conversationId })]);
    expect(both.map((frames) => frames.at(-1)?.type).sort()).toEqual(['done', 'error']);
    expect(both.find((frames) => frames[0]?.type === 'error')).toEqual([busy]);
    // The reply let go of the conversation before saying it was done.
    expect((await chat.ask(davesWorkspace, 'list projects', { conversationId })).at(-1)).toMatchObject({ type: 'done' });
    const stored = conversationResponse.parse((await callApi(config, 'GET', `/workspaces/${davesWorkspace}/conversations/${conversationId}`, { token: dave.idToken })).body);
    expect(stored.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant']);

    // A reply whose worker died holds the conversation until its lease ends; Stop from its tab shortens that
    // to a few seconds (a stale Stop, of another request, changes nothing).
    const { claimReply } = await import('../../functions/data/conversations.js');
    const { documentClient, tableName } = await import('../../functions/data/client.js');
    const { keys } = await import('../../functions/data/keys.js');
    const conversationKey = keys.conversation(davesWorkspace, userIdOf(dave), conversationId);
    const leaseUntil = async () => Number((await documentClient.send(new GetCommand({ TableName: tableName, Key: conversationKey }))).Item?.replyLeaseUntil);
    const lostRequestId = randomUUID();
    expect(await claimReply({ workspaceId: davesWorkspace, userId: userIdOf(dave), id: conversationId }, lostRequestId, 600)).toBe('claimed');
    const held = await leaseUntil();
    expect(await chat.ask(davesWorkspace, 'list projects', { conversationId })).toEqual([busy]);
    const stop = (requestId: string) => chat.send({ action: 'chat.stop', requestId, workspaceId: davesWorkspace, conversationId });
    const waitForLease = async (settled: (until: number) => boolean) => {
      for (let attempt = 0; attempt < 20 && !settled(await leaseUntil()); attempt += 1) await new Promise((resolve) => setTimeout(resolve, 50));
      return leaseUntil();
    };
    stop(randomUUID());
    expect(await waitForLease((until) => until !== held)).toBe(held);
    stop(lostRequestId);
    const shortened = await waitForLease((until) => until !== held);
    expect(shortened).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + STOPPED_REPLY_LEASE_SECONDS);
    chat.socket.close();
  }, 30_000);
});
