/** The HTTP server: reads each request, answers it through the endpoints or the control, and logs it. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { LocalStackError } from '../log.js';
import { refusedByGuard } from '../request-guard.js';
import { CalendarService } from './calendar.js';
import { controlReply, createControl } from './control.js';
import { errorReply, route, type World } from './endpoints.js';
import { ApiError } from './errors.js';
import { OAuthService } from './oauth.js';
import { jsonReply, type Reply } from './replies.js';
import { TEST_ACCOUNTS } from './seed.js';
import { type GoogleStandIn, type GoogleStandInOptions, LOCAL_GOOGLE_CLIENT, type StandInControl } from './types.js';

const MAX_BODY_BYTES = 1024 * 1024;

async function readBody(request: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new ApiError(413, 'uploadTooLarge', 'Request entity too large.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function readablePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

async function handle(
  world: World,
  control: StandInControl,
  request: http.IncomingMessage,
  response: http.ServerResponse,
  options: Pick<GoogleStandInOptions, 'onRequest' | 'guard' | 'controlSecret'>,
): Promise<void> {
  if (refusedByGuard(options.guard, request, response)) return;
  const started = Date.now();
  const method = (request.method ?? 'GET').toUpperCase();
  // Concatenated rather than resolved, so a path such as //host/x cannot change the host.
  const url = new URL(`http://stand-in${request.url ?? '/'}`);
  const entry: World['requests'][number] = { method, path: readablePath(url.pathname) };
  world.requests.push(entry);
  let reply: Reply;
  try {
    const call = { method, url, headers: request.headers, body: await readBody(request) };
    if (!url.pathname.startsWith('/_control/')) reply = route(world, call);
    else if (options.controlSecret !== undefined && request.headers['x-control-secret'] !== options.controlSecret) reply = jsonReply(403, { error: 'The control operations need the x-control-secret of this start' });
    else reply = controlReply(control, call);
  } catch (error) {
    reply = errorReply(error);
  }
  // Recorded before the answer is written, so a client that has it sees the log complete.
  entry.status = reply.status;
  response.writeHead(reply.status, { 'cache-control': 'no-store', ...reply.headers });
  response.end(reply.body);
  options.onRequest?.(`${method} ${url.pathname} ${reply.status} ${Date.now() - started}ms`);
}

function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error): void => reject(new LocalStackError(`The Google stand-in cannot listen on ${host}:${port}: ${error.message}`));
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    // Clients keep connections alive; without this, close() would wait for them to time out.
    server.closeAllConnections();
  });
}

/** The address clients use: a wildcard bind is reached on loopback, IPv6 literals need brackets. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

export async function startGoogleStandIn(options: GoogleStandInOptions): Promise<GoogleStandIn> {
  const host = options.host ?? '127.0.0.1';
  const now = options.now ?? (() => new Date());
  const clock = (): number => now().getTime();
  const server = http.createServer();
  await listen(server, options.port, host);
  const { port } = server.address() as AddressInfo;
  const url = `http://${urlHost(host)}:${port}`;
  const world: World = {
    url,
    client: {
      clientId: options.clientId ?? LOCAL_GOOGLE_CLIENT.clientId,
      clientSecret: options.clientSecret ?? LOCAL_GOOGLE_CLIENT.clientSecret,
    },
    accounts: [...TEST_ACCOUNTS],
    oauth: new OAuthService(clock, options.grantsFile, TEST_ACCOUNTS),
    // Built after listening: event links carry the real port.
    calendars: new CalendarService(TEST_ACCOUNTS, clock, url),
    requests: [],
    failures: [],
  };
  const control = createControl(world);
  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    void handle(world, control, request, response, options);
  });
  return { url, control, close: () => closeServer(server) };
}
