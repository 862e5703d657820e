import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerMessage } from '@shared/realtime';
import { openRealtimeConnection, parseServerMessage, reconnectDelay, socketUrl, type SocketLike } from './realtime-connection';

class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  sent: string[] = [];
  closedWith: number | undefined;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  serverOpens() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  serverSends(data: string) {
    this.onmessage?.({ data } as MessageEvent);
  }
  serverCloses() {
    this.readyState = 3;
    this.onclose?.({} as CloseEvent);
  }
}

describe('reconnectDelay', () => {
  it('doubles from 1 s up to 30 s, jittered into the upper half', () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(0, () => 1)).toBe(1000);
    expect(reconnectDelay(3, () => 1)).toBe(8000);
    expect(reconnectDelay(10, () => 1)).toBe(30_000);
    expect(reconnectDelay(50, () => 0)).toBe(15_000);
  });
});

describe('socketUrl', () => {
  it('adds the ticket as a query parameter', () => {
    expect(socketUrl('ws://localhost:3002', 'a.b+c')).toBe('ws://localhost:3002?ticket=a.b%2Bc');
    expect(socketUrl('wss://x.example/prod?v=1', 't')).toBe('wss://x.example/prod?v=1&ticket=t');
  });
});

describe('parseServerMessage', () => {
  it('parses known messages and ignores the rest', () => {
    expect(parseServerMessage('{"type":"workspaces.changed"}')).toEqual({ type: 'workspaces.changed' });
    expect(parseServerMessage('{"type":"unknown"}')).toBeNull();
    expect(parseServerMessage('not json')).toBeNull();
    expect(parseServerMessage(42)).toBeNull();
  });
});

describe('openRealtimeConnection', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setUp(tickets: (string | Error | undefined)[] = ['ticket-1', 'ticket-2', 'ticket-3']) {
    const sockets: FakeSocket[] = [];
    const messages: ServerMessage[] = [];
    const statuses: string[] = [];
    const connection = openRealtimeConnection({
      url: 'ws://localhost:3002',
      getTicket: async () => {
        const next = tickets.shift();
        if (next instanceof Error) throw next;
        return next;
      },
      onMessage: (message) => messages.push(message),
      onStatus: (status) => statuses.push(status),
      createSocket: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket;
      },
      random: () => 1,
      pingIntervalMs: 1000,
    });
    return { connection, sockets, messages, statuses };
  }

  it('connects with a ticket, delivers messages and sends when open', async () => {
    const { connection, sockets, messages } = setUp();
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.url).toBe('ws://localhost:3002?ticket=ticket-1');
    expect(connection.send({ action: 'subscribe', workspaceId: 'w1' })).toBe(false);

    sockets[0]?.serverOpens();
    sockets[0]?.serverSends('{"type":"workspaces.changed"}');
    expect(messages).toEqual([{ type: 'workspaces.changed' }]);
    expect(connection.send({ action: 'subscribe', workspaceId: 'w1' })).toBe(true);
    expect(sockets[0]?.sent).toEqual(['{"action":"subscribe","workspaceId":"w1"}']);

    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets[0]?.sent.at(-1)).toBe('{"action":"ping"}');
    connection.close();
  });

  it('reconnects with a fresh ticket after a close, backing off', async () => {
    const { connection, sockets, statuses } = setUp();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.serverCloses();
    expect(statuses.at(-1)).toBe('closed');

    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    expect(sockets[1]?.url).toBe('ws://localhost:3002?ticket=ticket-2');

    // Second failure in a row waits twice as long.
    sockets[1]?.serverCloses();
    await vi.advanceTimersByTimeAsync(1999);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(3);
    connection.close();
  });

  it('reconnects at once when asked while waiting to retry, and backs off from the start again', async () => {
    const { connection, sockets } = setUp();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.serverCloses();
    await vi.advanceTimersByTimeAsync(0);
    sockets.length = 0;
    connection.reconnectNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(1);
    // Connected (or connecting): nothing to do.
    connection.reconnectNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(1);
    sockets[0]?.serverCloses();
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    connection.close();
  });

  it('retries later when there is no ticket yet (signed out), or the ticket request failed', async () => {
    const { connection, sockets, statuses } = setUp([undefined, new Error('The server could not be reached'), 'ticket-after-sign-in']);
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(0);
    expect(statuses.at(-1)).toBe('closed');
    await vi.advanceTimersByTimeAsync(2000);
    expect(sockets[0]?.url).toBe('ws://localhost:3002?ticket=ticket-after-sign-in');
    connection.close();
  });

  it('closes for good on close()', async () => {
    const { connection, sockets } = setUp();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.serverOpens();
    connection.close();
    expect(sockets[0]?.closedWith).toBe(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
  });
});
