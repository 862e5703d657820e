import { serverMessage, type ClientMessage, type ServerMessage } from '@shared/realtime';

/** Reconnect delay: exponential from 1 s, capped at 30 s, with "equal jitter" so tabs do not reconnect in step. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1_000 * 2 ** Math.max(0, attempt));
  return Math.round(base / 2 + (random() * base) / 2);
}

/** The WebSocket URL with a one-use ticket as `?ticket=` ($connect redeems it; no token travels in a URL). */
export function socketUrl(baseUrl: string, ticket: string): string {
  return `${baseUrl}${baseUrl.includes('?') ? '&' : '?'}ticket=${encodeURIComponent(ticket)}`;
}

/** A pushed frame as a typed message, or null for anything this client does not understand. */
export function parseServerMessage(data: unknown): ServerMessage | null {
  if (typeof data !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const result = serverMessage.safeParse(json);
  return result.success ? result.data : null;
}

export type ConnectionStatus = 'connecting' | 'open' | 'closed';

/** The part of the browser WebSocket this module uses (so tests can pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface RealtimeConnectionOptions {
  readonly url: string;
  /** A fresh one-use ticket for each attempt; undefined while signed out. A rejection is retried with backoff. */
  readonly getTicket: () => Promise<string | undefined>;
  readonly onMessage: (message: ServerMessage) => void;
  readonly onStatus?: (status: ConnectionStatus) => void;
  readonly createSocket?: (url: string) => SocketLike;
  /** Keeps API Gateway's 10-minute idle timeout away. */
  readonly pingIntervalMs?: number;
  readonly random?: () => number;
}

export interface RealtimeConnection {
  /** Sends when the socket is open; returns false otherwise (callers re-send on the next open). */
  send(message: ClientMessage): boolean;
  /** Closes for good: no reconnect. */
  close(): void;
  /** While waiting to reconnect (the network or the tab is back): tries now, backing off from the start again. */
  reconnectNow(): void;
}

const OPEN = 1;

/**
 * One WebSocket to the realtime API that reconnects with backoff whenever it closes (server restart,
 * network change, expired sign-in: a new ticket is fetched for every attempt) until close() is called.
 */
export function openRealtimeConnection(options: RealtimeConnectionOptions): RealtimeConnection {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  const pingIntervalMs = options.pingIntervalMs ?? 5 * 60_000;
  let socket: SocketLike | null = null;
  let stopped = false;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let waitingToRetry = false;
  let pingTimer: ReturnType<typeof setInterval> | undefined;

  const retry = () => {
    clearTimeout(retryTimer);
    waitingToRetry = false;
    void connect();
  };
  const scheduleReconnect = () => {
    if (stopped) return;
    options.onStatus?.('closed');
    waitingToRetry = true;
    retryTimer = setTimeout(retry, reconnectDelay(attempt++, options.random));
  };

  async function connect(): Promise<void> {
    if (stopped) return;
    options.onStatus?.('connecting');
    const ticket = await options.getTicket().catch(() => undefined);
    if (stopped) return;
    if (!ticket) {
      scheduleReconnect();
      return;
    }
    const current = createSocket(socketUrl(options.url, ticket));
    socket = current;
    current.onopen = () => {
      attempt = 0;
      options.onStatus?.('open');
      pingTimer = setInterval(() => current.readyState === OPEN && current.send(JSON.stringify({ action: 'ping' })), pingIntervalMs);
    };
    current.onmessage = (event) => {
      const message = parseServerMessage(event.data);
      if (message) options.onMessage(message);
    };
    current.onclose = () => {
      clearInterval(pingTimer);
      if (socket === current) socket = null;
      scheduleReconnect();
    };
    // An error is always followed by close, which reconnects.
    current.onerror = () => undefined;
  }

  void connect();

  return {
    send(message) {
      if (!socket || socket.readyState !== OPEN) return false;
      socket.send(JSON.stringify(message));
      return true;
    },
    reconnectNow() {
      if (stopped || !waitingToRetry) return;
      attempt = 0;
      retry();
    },
    close() {
      stopped = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      const current = socket;
      socket = null;
      if (current) {
        current.onclose = null;
        current.close(1000, 'Signed out');
      }
    },
  };
}
