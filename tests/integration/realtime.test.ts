import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import WebSocket from 'ws';
import { CONNECTION_FLOODED, MESSAGES_PER_CONNECTION_PER_10_SECONDS, serverMessage, type ServerMessage } from '../../shared/realtime.js';
import { workspaceResponse } from '../../shared/schemas/workspace.js';
import { callApi, openSocket, signUpAndSignIn, type TestUser } from './helpers.js';
import { projectApi, userIdOf } from './project-fixtures.js';

const config = inject('webConfig');

/** An open socket and the messages it has received, awaited by predicate. */
async function connect(token: string): Promise<{
  socket: WebSocket;
  next: (predicate: (message: ServerMessage) => boolean, timeoutMs?: number) => Promise<ServerMessage>;
}> {
  const socket = await openSocket(config, token);
  const received: ServerMessage[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    received.push(serverMessage.parse(JSON.parse(data.toString())));
    waiters.splice(0).forEach((wake) => wake());
  });
  const next = async (predicate: (message: ServerMessage) => boolean, timeoutMs = 10_000): Promise<ServerMessage> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = received.findIndex(predicate);
      if (index >= 0) return received.splice(index, 1)[0] as ServerMessage;
      if (Date.now() > deadline) throw new Error(`No matching message; got ${JSON.stringify(received)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  };
  return { socket, next };
}

function connectionRefusal(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.once('open', () => reject(new Error('connection was accepted')));
    socket.once('error', () => undefined);
  });
}

describe('realtime through the local WebSocket API', () => {
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    [alice, bob] = await Promise.all([signUpAndSignIn(config), signUpAndSignIn(config)]);
  });

  it('admits a connection only with a one-use ticket from the HTTP API: none, a made-up, a used or an expired one, or an ID token in the URL, gets 401', async () => {
    const ticketFor = async (token?: string) => callApi(config, 'POST', '/realtime/tickets', token ? { token } : {});
    expect((await ticketFor()).status).toBe(401);
    const issued = await ticketFor(alice.idToken);
    expect(issued.status).toBe(201);
    const { ticket, expiresInSeconds } = issued.body as { ticket: string; expiresInSeconds: number };
    expect(expiresInSeconds).toBe(30);
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect(await connectionRefusal(config.webSocketUrl)).toBe(401);
    expect(await connectionRefusal(`${config.webSocketUrl}?ticket=made-up`)).toBe(401);
    // The token itself opens nothing any more: it must not travel in a URL.
    expect(await connectionRefusal(`${config.webSocketUrl}?token=${encodeURIComponent(alice.idToken)}`)).toBe(401);

    const admitted = new WebSocket(`${config.webSocketUrl}?ticket=${ticket}`);
    await new Promise((resolve, reject) => {
      admitted.once('open', resolve);
      admitted.once('error', reject);
    });
    expect(await connectionRefusal(`${config.webSocketUrl}?ticket=${ticket}`)).toBe(401);
    admitted.close();

    // Past its 30 seconds (moved back in the table: the check reads the stored time, not the TTL's deletion).
    const late = (await ticketFor(alice.idToken)).body as { ticket: string };
    const { tableClient, testTable } = await import('./member-fixtures.js');
    const { GetCommand, UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { keys } = await import('../../functions/data/keys.js');
    // Only the ticket's hash is stored: the table holds nothing a reader could connect with.
    const key = keys.socketTicket(createHash('sha256').update(late.ticket).digest('base64url'));
    const { Item } = await tableClient.send(new GetCommand({ TableName: testTable.tableName, Key: key }));
    expect(Item).toMatchObject({ userId: userIdOf(alice) });
    expect(JSON.stringify(Item)).not.toContain(late.ticket);
    await tableClient.send(new UpdateCommand({ TableName: testTable.tableName, Key: key, UpdateExpression: 'SET validUntil = :past', ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 } }));
    expect(await connectionRefusal(`${config.webSocketUrl}?ticket=${late.ticket}`)).toBe(401);
  });

  it('limits the connections one IP address opens a minute (429), and another address still connects', async () => {
    const { tableClient, testTable } = await import('./member-fixtures.js');
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const { keys } = await import('../../functions/data/keys.js');
    const { integrationAbuseLimits } = await import('./stack-limits.js');
    // 127.0.0.2 is this machine too: a second address whose counter this test may fill without holding up others.
    const flooder = '127.0.0.2';
    const minuteStart = Math.floor(Date.now() / 60_000) * 60_000;
    // This minute's counter and the next one's, so that a minute turning in between changes nothing.
    for (const start of [minuteStart, minuteStart + 60_000]) {
      await tableClient.send(
        new PutCommand({
          TableName: testTable.tableName,
          Item: { ...keys.connectCounter(flooder, new Date(start).toISOString()), entity: 'ConnectCounter', count: integrationAbuseLimits.socketConnectsPerIpPerMinute, expiresAt: Math.floor(start / 1000) + 120 },
        }),
      );
    }
    const ticket = async () => ((await callApi(config, 'POST', '/realtime/tickets', { token: alice.idToken })).body as { ticket: string }).ticket;
    const ipv4Url = config.webSocketUrl.replace('localhost', '127.0.0.1');
    const refused = await new Promise<number>((resolve, reject) => {
      void ticket().then((issued) => {
        const socket = new WebSocket(`${ipv4Url}?ticket=${issued}`, { localAddress: flooder });
        socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        socket.once('open', () => reject(new Error('connection was accepted')));
        socket.once('error', () => undefined);
      });
    });
    expect(refused).toBe(429);
    const { socket } = await connect(alice.idToken);
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
  });

  it('answers ping and reports unknown messages', async () => {
    const { socket, next } = await connect(alice.idToken);
    socket.send(JSON.stringify({ action: 'ping' }));
    expect(await next((message) => message.type === 'pong')).toEqual({ type: 'pong' });
    socket.send('not json');
    expect(await next((message) => message.type === 'error')).toEqual({ type: 'error', message: 'Messages must be JSON' });
    socket.close();
  });

  it(`closes a connection that floods it (over ${MESSAGES_PER_CONNECTION_PER_10_SECONDS} messages in 10 s), and another user's is still answered`, async () => {
    const flooding = await connect(alice.idToken);
    const closed = new Promise<void>((resolve) => flooding.socket.once('close', () => resolve()));
    for (let index = 0; index < 3 * MESSAGES_PER_CONNECTION_PER_10_SECONDS; index += 1) flooding.socket.send(JSON.stringify({ action: 'ping' }));
    await closed;
    expect(await flooding.next((message) => message.type === 'error')).toEqual({ type: 'error', message: CONNECTION_FLOODED });
    // Never more answers than the limit (two windows at most, if the burst straddled one's end).
    let pongs = 0;
    while (await flooding.next((message) => message.type === 'pong', 1).then(() => true, () => false)) pongs += 1;
    expect(pongs).toBeGreaterThan(0);
    expect(pongs).toBeLessThanOrEqual(2 * MESSAGES_PER_CONNECTION_PER_10_SECONDS);

    const other = await connect(bob.idToken);
    other.socket.send(JSON.stringify({ action: 'ping' }));
    expect(await other.next((message) => message.type === 'pong')).toEqual({ type: 'pong' });
    other.socket.close();
  });

  it('answers a subscription to an impossibly long workspace id with an error, not silence', async () => {
    const { socket, next } = await connect(alice.idToken);
    socket.send(JSON.stringify({ action: 'subscribe', workspaceId: 'x'.repeat(3000) }));
    expect(await next((message) => message.type === 'error')).toEqual({ type: 'error', message: 'Unknown message' });
    socket.close();
  });

  it("pushes 'workspaces.changed' to the user when their memberships change (table stream fan-out)", async () => {
    const { socket, next } = await connect(alice.idToken);
    const created = await callApi(config, 'POST', '/workspaces', { token: alice.idToken, body: { name: 'Realtime' } });
    expect(created.status).toBe(201);
    expect(await next((message) => message.type === 'workspaces.changed')).toEqual({ type: 'workspaces.changed' });
    socket.close();
  });

  it("subscribes only to the caller's own workspaces", async () => {
    const { workspace } = workspaceResponse.parse(
      (await callApi(config, 'POST', '/workspaces', { token: alice.idToken, body: { name: 'Subscribed' } })).body,
    );
    const asAlice = await connect(alice.idToken);
    asAlice.socket.send(JSON.stringify({ action: 'subscribe', workspaceId: workspace.id }));
    expect(await asAlice.next((message) => message.type === 'subscribed')).toEqual({
      type: 'subscribed',
      workspaceId: workspace.id,
    });

    const asBob = await connect(bob.idToken);
    asBob.socket.send(JSON.stringify({ action: 'subscribe', workspaceId: workspace.id }));
    expect(await asBob.next((message) => message.type === 'error')).toEqual({ type: 'error', message: 'Workspace not found' });
    asAlice.socket.close();
    asBob.socket.close();
  });

  it("carries what changed in a workspace (the item's public view, a project's counts), and names deletions by their ids", async () => {
    const api = projectApi(config, alice);
    const workspaceId = await api.createWorkspace('Named changes');
    const project = await api.createProject(workspaceId, { name: 'Pushed' });
    const { socket, next } = await connect(alice.idToken);
    socket.send(JSON.stringify({ action: 'subscribe', workspaceId }));
    await next((message) => message.type === 'subscribed');

    const task = await api.createTask(workspaceId, project.id, { title: 'Secret title' });
    const aboutTask = (message: ServerMessage) =>
      message.type === 'workspace.changed' && message.changes.some((change) => change.entity === 'task' && change.id === task.id);
    /** The change a push names for one entity (earlier writes may share the push). */
    const changeOf = (message: ServerMessage, entity: string) =>
      message.type === 'workspace.changed' ? message.changes.find((change) => change.entity === entity) : undefined;
    const created = await next(aboutTask);
    expect(created).toMatchObject({ type: 'workspace.changed', workspaceId });
    // Exactly what the API answered the writer, nothing of the stored item's keys or index attributes.
    expect(changeOf(created, 'task')).toEqual({ entity: 'task', id: task.id, projectId: project.id, version: 1, item: task });
    expect(JSON.stringify(created)).not.toMatch(/"(PK|SK|GSI\w*|entity)":"(PROJ|WS|Task)/);
    // The project's counts moved by the same write: they come along, without the rest of the summary.
    const counted = changeOf(created, 'project') ?? changeOf(await next((message) => changeOf(message, 'project') !== undefined), 'project');
    expect(counted).toEqual({ entity: 'project', id: project.id, version: 1, counts: { taskCount: 1, completedTaskCount: 0, milestoneCount: 0, noteCount: 0, commentCount: 0, countsRevision: 1 } });

    expect((await api.call('DELETE', `/workspaces/${workspaceId}/projects/${project.id}/tasks/${task.id}`)).status).toBe(204);
    expect(changeOf(await next(aboutTask), 'task')).toEqual({ entity: 'task', id: task.id, projectId: project.id, deleted: true });

    expect((await api.call('PATCH', `/workspaces/${workspaceId}/projects/${project.id}`, { version: 1, name: 'Renamed' })).status).toBe(200);
    const renamed = await next((message) => changeOf(message, 'project')?.version === 2);
    expect(changeOf(renamed, 'project')).toMatchObject({ entity: 'project', id: project.id, version: 2, item: { name: 'Renamed', taskCount: 0 } });

    // A saved weekly plan: the watchers read the plan again (the team's here).
    expect((await api.call('POST', `/workspaces/${workspaceId}/weekly-plan`, {})).status).toBe(200);
    const planned = await next((message) => changeOf(message, 'plan') !== undefined);
    expect(changeOf(planned, 'plan')).toEqual({ entity: 'plan', id: 'TEAM' });
    socket.close();
  });

  it('pushes the next occurrence that completing a repeating task made (issue 36)', async () => {
    const api = projectApi(config, alice);
    const workspaceId = await api.createWorkspace('Repeating pushes');
    const project = await api.createProject(workspaceId, { name: 'Routines' });
    const task = await api.createTask(workspaceId, project.id, { title: 'Weekly review', dueDate: '2026-12-07', repeat: { rule: 'FREQ=WEEKLY', from: 'due', timeZone: 'UTC' } });
    const { socket, next } = await connect(alice.idToken);
    socket.send(JSON.stringify({ action: 'subscribe', workspaceId }));
    await next((message) => message.type === 'subscribed');

    expect((await api.call('PATCH', `/workspaces/${workspaceId}/projects/${project.id}/tasks/${task.id}`, { version: task.version, completed: true })).status).toBe(200);
    const nextOccurrence = (message: ServerMessage) =>
      message.type === 'workspace.changed' && message.changes.some((change) => change.entity === 'task' && change.id !== task.id && 'item' in change);
    const pushed = await next(nextOccurrence);
    const change = pushed.type === 'workspace.changed' ? pushed.changes.find((candidate) => candidate.entity === 'task' && candidate.id !== task.id) : undefined;
    expect(change).toMatchObject({ entity: 'task', projectId: project.id, item: { title: 'Weekly review', dueDate: '2026-12-14', completed: false } });
    socket.close();
  });

  it('names both projects when a note moves between them (one write, two items)', async () => {
    const api = projectApi(config, alice);
    const workspaceId = await api.createWorkspace('Moved notes');
    const [from, to] = [await api.createProject(workspaceId, { name: 'From' }), await api.createProject(workspaceId, { name: 'To' })];
    const note = await api.createNote(workspaceId, from.id, { title: 'Wanderer' });
    const { socket, next } = await connect(alice.idToken);
    socket.send(JSON.stringify({ action: 'subscribe', workspaceId }));
    await next((message) => message.type === 'subscribed');

    const moved = await api.call('PATCH', `/workspaces/${workspaceId}/projects/${from.id}/notes/${note.id}`, { version: note.version, projectId: to.id });
    expect(moved.status).toBe(200);
    // Both changes, in one push or two: the note left one project and joined the other.
    const seen = new Map<string, boolean>();
    await next((message) => {
      if (message.type !== 'workspace.changed') return false;
      for (const change of message.changes) if (change.entity === 'note' && change.id === note.id) seen.set(change.projectId ?? '', change.deleted === true);
      return seen.size === 2;
    });
    expect(Object.fromEntries(seen)).toEqual({ [from.id]: true, [to.id]: false });
    socket.close();
  });

  it('pushes each sub-task a parent takes along: completed with it, then deleted with it (issue 36)', async () => {
    const api = projectApi(config, alice);
    const workspaceId = await api.createWorkspace('Sub-task pushes');
    const project = await api.createProject(workspaceId, { name: 'Nested' });
    const parent = await api.createTask(workspaceId, project.id, { title: 'Parent' });
    const children = await Promise.all(['One', 'Two'].map((title) => api.createTask(workspaceId, project.id, { title, parentId: parent.id })));
    const { socket, next } = await connect(alice.idToken);
    socket.send(JSON.stringify({ action: 'subscribe', workspaceId }));
    await next((message) => message.type === 'subscribed');
    /** Waits until every child has been pushed as `matches` says, in one push or several. */
    const childrenPushed = async (matches: (change: { version?: number; deleted?: boolean }) => boolean) => {
      const seen = new Set<string>();
      await next((message) => {
        if (message.type !== 'workspace.changed') return false;
        for (const { id, ...change } of message.changes) if (id !== undefined && children.some((child) => child.id === id) && matches(change)) seen.add(id);
        return seen.size === children.length;
      });
      return seen;
    };

    const base = `/workspaces/${workspaceId}/projects/${project.id}/tasks/${parent.id}`;
    expect((await api.call('PATCH', base, { version: 1, completed: true, completeSubtasks: true })).status).toBe(200);
    expect((await childrenPushed((change) => change.version === 2)).size).toBe(2);
    expect((await api.call('DELETE', base)).status).toBe(204);
    expect((await childrenPushed((change) => change.deleted === true)).size).toBe(2);
    socket.close();
  });

  it('stops pushing to a subscriber who is no longer a member, checked at every push', async () => {
    const api = projectApi(config, alice);
    const workspaceId = await api.createWorkspace('Re-checked');
    const project = await api.createProject(workspaceId, { name: 'Watched' });
    // Bob's first listing makes his profile, by which Add Member finds him.
    await callApi(config, 'GET', '/workspaces', { token: bob.idToken });
    const added = await callApi(config, 'POST', `/workspaces/${workspaceId}/members`, { token: alice.idToken, body: { email: bob.email } });
    expect(added.status).toBe(201);
    const asBob = await connect(bob.idToken);
    asBob.socket.send(JSON.stringify({ action: 'subscribe', workspaceId }));
    await asBob.next((message) => message.type === 'subscribed');
    await api.createTask(workspaceId, project.id, { title: 'Seen by Bob' });
    await asBob.next((message) => message.type === 'workspace.changed' && message.changes.some((change) => change.entity === 'task'));
    // And the activity indexer's word that the feed has the task's event (it runs at its own pace).
    await asBob.next((message) => message.type === 'workspace.changed' && message.changes.some((change) => change.entity === 'activity'));

    // Bob's membership goes without the removal's own clean-up of his subscriptions (as when a removal races a
    // subscribe): the fan-out itself must notice.
    const { tableClient, testTable } = await import('./member-fixtures.js');
    const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
    await tableClient.send(new DeleteCommand({ TableName: testTable.tableName, Key: { PK: `WS#${workspaceId}`, SK: `MEMBER#${userIdOf(bob)}` } }));
    await asBob.next((message) => message.type === 'workspaces.changed');

    const asAlice = await connect(alice.idToken);
    asAlice.socket.send(JSON.stringify({ action: 'subscribe', workspaceId }));
    await asAlice.next((message) => message.type === 'subscribed');
    const hidden = await api.createTask(workspaceId, project.id, { title: 'Not for Bob' });
    await asAlice.next((message) => message.type === 'workspace.changed' && message.changes.some((change) => change.id === hidden.id));
    // Alice's push came from the same fan-out as Bob's would have. (Bob may still hold pushes about the first
    // task, such as its project's counts in a later frame: only the task made after his removal must be missing.)
    await expect(asBob.next((message) => message.type === 'workspace.changed' && message.changes.some((change) => change.id === hidden.id), 1500)).rejects.toThrow('No matching message');
    asAlice.socket.close();
    asBob.socket.close();
  }, 30_000);

  it('carries a burst to each subscriber: every change once, in frames of at most 32 KB, and nothing more to a member removed midway', async () => {
    const api = projectApi(config, alice);
    const workspaceId = await api.createWorkspace('Burst');
    const project = await api.createProject(workspaceId, { name: 'Busy' });
    await callApi(config, 'GET', '/workspaces', { token: bob.idToken });
    expect((await callApi(config, 'POST', `/workspaces/${workspaceId}/members`, { token: alice.idToken, body: { email: bob.email } })).status).toBe(201);
    const [asAlice, asBob] = await Promise.all([connect(alice.idToken), connect(bob.idToken)]);
    const frames: { user: string; bytes: number; text: string }[] = [];
    asAlice.socket.on('message', (data: Buffer) => frames.push({ user: 'alice', bytes: data.length, text: data.toString() }));
    asBob.socket.on('message', (data: Buffer) => frames.push({ user: 'bob', bytes: data.length, text: data.toString() }));
    for (const { socket, next } of [asAlice, asBob]) {
      socket.send(JSON.stringify({ action: 'subscribe', workspaceId }));
      await next((message) => message.type === 'subscribed');
    }

    const longText = 'x'.repeat(4_000); // 40 tasks of 4 KB: more than one frame's worth
    const before = await Promise.all(Array.from({ length: 40 }, (_, index) => api.createTask(workspaceId, project.id, { title: `Before ${index}`, description: longText })));
    expect((await api.call('DELETE', `/workspaces/${workspaceId}/members/${userIdOf(bob)}`)).status).toBe(204);
    const after = await Promise.all(Array.from({ length: 10 }, (_, index) => api.createTask(workspaceId, project.id, { title: `After ${index}` })));

    /** How often each task's change reached a user's socket. */
    const taskChangesSeenBy = (user: string) => {
      const seen = new Map<string, number>();
      for (const frame of frames.filter((candidate) => candidate.user === user)) {
        const message = serverMessage.parse(JSON.parse(frame.text));
        if (message.type === 'workspace.changed') for (const change of message.changes) if (change.entity === 'task' && change.id) seen.set(change.id, (seen.get(change.id) ?? 0) + 1);
      }
      return seen;
    };
    await vi.waitFor(() => expect(taskChangesSeenBy('alice').size).toBe(before.length + after.length), { timeout: 20_000, interval: 200 });
    expect([...taskChangesSeenBy('alice').values()].every((count) => count === 1)).toBe(true);
    // Bob hears at most what was pushed before his removal was seen (the fan-out checks membership at
    // each push, so maybe none of it), and none of what came after it, even late.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const bobFrames = frames.filter((frame) => frame.user === 'bob').map((frame) => frame.text);
    expect(after.filter((task) => bobFrames.some((text) => text.includes(task.id)))).toEqual([]);
    expect(Math.max(...frames.map((frame) => frame.bytes))).toBeLessThanOrEqual(32 * 1024);
    // Fewer frames than changes (each write changes its task and its project's counts): a batch's changes share frames.
    expect(frames.filter((frame) => frame.user === 'alice').length).toBeLessThan(2 * (before.length + after.length));
    asAlice.socket.close();
    asBob.socket.close();
  }, 60_000);

  it("closes a connection whose token has expired, at its next message or the next push, and pushes nothing to it", async () => {
    const api = projectApi(config, alice);
    const workspaceId = await api.createWorkspace('Expiring');
    const project = await api.createProject(workspaceId, { name: 'Watched' });
    const { tableClient, testTable } = await import('./member-fixtures.js');
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { keys } = await import('../../functions/data/keys.js');
    const { listConnectionsOfUser } = await import('../../functions/data/connection.js');
    const closed = (socket: WebSocket) => new Promise<void>((resolve) => (socket.readyState === socket.CLOSED ? resolve() : socket.once('close', () => resolve())));
    /** The id the server gave the connection opened since `before` (the user's connections then). */
    const connectionIdOf = async (before: readonly string[]) => (await listConnectionsOfUser(userIdOf(alice))).find((id) => !before.includes(id)) ?? '';
    /** The token behind a connection or subscription expired long ago (a signed-out user's, say). */
    const expire = (key: { PK: string; SK: string }) =>
      tableClient.send(new UpdateCommand({ TableName: testTable.tableName, Key: key, UpdateExpression: 'SET tokenExpiresAt = :past', ExpressionAttributeValues: { ':past': 1 } }));

    // At the next push: the subscription carries the token's expiry.
    let known = await listConnectionsOfUser(userIdOf(alice));
    const watching = await connect(alice.idToken);
    watching.socket.send(JSON.stringify({ action: 'subscribe', workspaceId }));
    await watching.next((message) => message.type === 'subscribed');
    const watchingId = await connectionIdOf(known);
    await expire(keys.subscription(workspaceId, watchingId));
    const task = await api.createTask(workspaceId, project.id, { title: 'Not for an expired token' });
    await closed(watching.socket);
    await expect(watching.next((message) => message.type === 'workspace.changed' && message.changes.some((change) => change.id === task.id), 500)).rejects.toThrow('No matching message');

    // At its next message.
    known = await listConnectionsOfUser(userIdOf(alice));
    const talking = await connect(alice.idToken);
    await expire(keys.connection(await connectionIdOf(known)));
    talking.socket.send(JSON.stringify({ action: 'subscribe', workspaceId }));
    await closed(talking.socket);
    await expect(talking.next((message) => message.type === 'subscribed', 500)).rejects.toThrow('No matching message');
  }, 30_000);

  it("tells only the owner's connections, in every tab, that their assistant conversations changed", async () => {
    const api = projectApi(config, alice);
    const workspaceId = await api.createWorkspace('Conversations');
    await callApi(config, 'GET', '/workspaces', { token: bob.idToken });
    expect((await callApi(config, 'POST', `/workspaces/${workspaceId}/members`, { token: alice.idToken, body: { email: bob.email } })).status).toBe(201);
    const [chatTab, otherTab, asBob] = await Promise.all([connect(alice.idToken), connect(alice.idToken), connect(bob.idToken)]);
    asBob.socket.send(JSON.stringify({ action: 'subscribe', workspaceId }));
    await asBob.next((message) => message.type === 'subscribed');

    const requestId = crypto.randomUUID();
    chatTab.socket.send(JSON.stringify({ action: 'chat', requestId, workspaceId, message: 'Hello', timeZone: 'UTC' }));
    const start = await chatTab.next((message) => message.type === 'chat' && message.frame.type === 'start');
    const conversationId = start.type === 'chat' && start.frame.type === 'start' ? start.frame.conversationId : '';
    const aboutIt = (message: ServerMessage) =>
      message.type === 'conversations.changed' && message.workspaceId === workspaceId && message.changes.some((change) => change.id === conversationId);
    expect(await otherTab.next(aboutIt)).toEqual({ type: 'conversations.changed', workspaceId, changes: [{ id: conversationId }] });

    const path = `/workspaces/${workspaceId}/conversations/${conversationId}`;
    await chatTab.next((message) => message.type === 'chat' && message.frame.type === 'done');
    expect((await callApi(config, 'PATCH', path, { token: alice.idToken, body: { title: 'Renamed' } })).status).toBe(200);
    await otherTab.next(aboutIt);
    expect((await callApi(config, 'DELETE', path, { token: alice.idToken })).status).toBe(204);
    await otherTab.next((message) => aboutIt(message) && message.type === 'conversations.changed' && message.changes[0]?.deleted === true);

    // Bob shares the workspace but not Alice's conversations: not even their ids reach him.
    await expect(asBob.next((message) => message.type === 'conversations.changed', 1500)).rejects.toThrow('No matching message');
    for (const { socket } of [chatTab, otherTab, asBob]) socket.close();
  }, 30_000);
});
