import type http from 'node:http';

/**
 * What keeps a web page the developer visits from driving the local stack. Browsers let any page send
 * requests to localhost (a form's POST, a fetch whose answer it cannot read, a WebSocket), and a page on a
 * domain that resolves to 127.0.0.1 (DNS rebinding) can even read the answers. So every local server:
 * - answers only requests addressed to a loopback name (the Host header): a rebound domain gets nothing;
 * - answers a request a browser sent (it carries an Origin) only from the web app's own origin.
 * Node clients (the functions' SDKs, the tests) send no Origin and pass.
 */
export interface LocalRequestGuard {
  /** Why the request is refused (for a 403), or undefined to serve it. */
  refusalOf(headers: http.IncomingHttpHeaders): string | undefined;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The Host header's name, without its port (brackets of an IPv6 literal kept). */
function hostName(host: string): string {
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':')[0] ?? '');
}

/** `webPort`: the web app's port; its page, on localhost or 127.0.0.1, is the one origin browsers may call from. */
export function localRequestGuard(webPort: number): LocalRequestGuard {
  const webOrigins = new Set([`http://localhost:${webPort}`, `http://127.0.0.1:${webPort}`]);
  return {
    refusalOf(headers) {
      const host = headers.host ?? '';
      if (!LOOPBACK_HOSTS.has(hostName(host).toLowerCase())) return `Host ${host || '(none)'} is not this machine's loopback name`;
      const origin = headers.origin;
      if (origin !== undefined && !webOrigins.has(origin)) return `Origin ${origin} is not the local web app`;
      return undefined;
    },
  };
}

/** Answers 403 with the reason when the guard refuses the request; true when it did. */
export function refusedByGuard(guard: LocalRequestGuard | undefined, request: http.IncomingMessage, response: http.ServerResponse): boolean {
  const refusal = guard?.refusalOf(request.headers);
  if (refusal === undefined) return false;
  response.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ message: `Forbidden: ${refusal}` }));
  return true;
}
