/** What an endpoint answers and what it is asked: the request as read, and JSON, HTML or redirect replies. */
import type http from 'node:http';

export interface Reply {
  readonly status: number;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

export interface Call {
  readonly method: string;
  readonly url: URL;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Buffer;
}

export function jsonReply(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return { status, headers: { 'content-type': 'application/json; charset=UTF-8', ...headers }, body: JSON.stringify(body) };
}

export function htmlReply(status: number, html: string): Reply {
  return {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      // No form-action: browsers apply it to the approval's redirect to the app, which lives elsewhere.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
      'referrer-policy': 'no-referrer',
    },
    body: html,
  };
}

/** `base` with the parameters added to its own query (undefined ones left out). */
export function redirectReply(base: string, parameters: Record<string, string | undefined>): Reply {
  const location = new URL(base);
  for (const [name, value] of Object.entries(parameters)) if (value !== undefined) location.searchParams.set(name, value);
  return { status: 302, headers: { location: location.href } };
}
