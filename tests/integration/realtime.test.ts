import { beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { serverMessage, type ServerMessage } from '../../shared/realtime.js';
import { workspaceResponse } from '../../shared/schemas/workspace.js';
import { callApi, signUpAndSignIn, type TestUser } from './helpers.js';

const config = inject('webConfig');

/** An open socket and the messages it has received, awaited by predicate. */
async function connect(token: string): Promise<{
  socket: WebSocket;
  next: (predicate: (message: ServerMessage) => boolean) => Promise<ServerMessage>;
}> {
  const socket = new WebSocket(`${config.webSocketUrl}?token=${encodeURIComponent(token)}`);
  const received: ServerMessage[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    received.push(serverMessage.parse(JSON.parse(data.toString())));
    waiters.splice(0).forEach((wake) => wake());
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const next = async (predicate: (message: ServerMessage) => boolean): Promise<ServerMessage> => {
    const deadline = Date.now() + 10_000;
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

  it('refuses connections without a valid token with 401', async () => {
    expect(await connectionRefusal(config.webSocketUrl)).toBe(401);
    expect(await connectionRefusal(`${config.webSocketUrl}?token=garbage`)).toBe(401);
  });

  it('answers ping and reports unknown messages', async () => {
    const { socket, next } = await connect(alice.idToken);
    socket.send(JSON.stringify({ action: 'ping' }));
    expect(await next((message) => message.type === 'pong')).toEqual({ type: 'pong' });
    socket.send('not json');
    expect(await next((message) => message.type === 'error')).toEqual({ type: 'error', message: 'Messages must be JSON' });
    socket.close();
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
});
