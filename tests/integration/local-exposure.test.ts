import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';

/** Whether a TCP connection to host:port opens (then closes it at once). */
function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 2_000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

describe('what the local stack exposes', () => {
  it('DynamoDB Local answers on 127.0.0.1 only, not on the machine’s network addresses', async () => {
    const port = Number(new URL(inject('table').endpoint).port);
    expect(await connects('127.0.0.1', port)).toBe(true);
    const networkAddresses = Object.values(os.networkInterfaces())
      .flat()
      .filter((address) => address !== undefined && !address.internal && address.family === 'IPv4')
      .map((address) => address?.address ?? '');
    for (const address of networkAddresses) expect(await connects(address, port), address).toBe(false);
  });
});

/** A request with exactly these headers (Node's fetch would not let a test choose Host). */
function rawRequest(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method ?? 'GET', headers: options.headers ?? {} }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.once('error', reject);
    request.end(options.body);
  });
}

/** The status of a WebSocket handshake with these headers: 403 when refused before any route runs. */
function handshake(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { headers });
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('error', () => undefined);
  });
}

describe('a web page the developer visits cannot drive the local stack', () => {
  const config = inject('webConfig');
  const googleUrl = inject('googleUrl');
  const webOrigin = inject('webOrigin');
  const foreignOrigin = { origin: 'https://attacker.example' };
  // DNS rebinding: the attacker's name resolved to 127.0.0.1, so the browser sends its Host.
  const reboundHost = (url: string) => ({ host: `attacker.example:${new URL(url).port}` });
  const initiateAuth = {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: config.userPoolClientId, AuthParameters: { USERNAME: 'nobody@example.com', PASSWORD: 'x' } }),
  };

  it('refuses a foreign Origin and a foreign Host on every server, and serves the web app and Node clients', async () => {
    const servers: { name: string; url: string; request: { method?: string; headers?: Record<string, string>; body?: string } }[] = [
      { name: 'HTTP API', url: `${config.apiUrl}/health`, request: {} },
      { name: 'mail outbox', url: config.outboxUrl ?? '', request: {} },
      { name: 'Google stand-in', url: `${googleUrl}/calendar/v3/users/me/calendarList`, request: {} },
      // A browser's CORS preflight of an upload (a GET without a signature is refused anyway: the bucket is private).
      { name: 'S3 stand-in', url: `${inject('filesUrl')}/taskflow-local-attachments/any`, request: { method: 'OPTIONS' } },
      { name: 'cognito-local', url: config.userPoolEndpoint ?? '', request: initiateAuth },
      { name: 'WebSocket management', url: `${config.webSocketUrl.replace('ws:', 'http:')}/@connections/none`, request: {} },
    ];
    for (const { name, url, request } of servers) {
      const served = await rawRequest(url, request);
      expect(served, name).not.toBe(403);
      expect(await rawRequest(url, { ...request, headers: { ...request.headers, origin: webOrigin } }), `${name} from the web app`).toBe(served);
      expect(await rawRequest(url, { ...request, headers: { ...request.headers, ...foreignOrigin } }), `${name}, foreign origin`).toBe(403);
      expect(await rawRequest(url, { ...request, headers: { ...request.headers, ...reboundHost(url) } }), `${name}, foreign host`).toBe(403);
    }
    // The WebSocket itself: the handshake is refused before any ticket is looked at (401 is the ticket's refusal).
    expect(await handshake(config.webSocketUrl, {})).toBe(401);
    expect(await handshake(config.webSocketUrl, { origin: webOrigin })).toBe(401);
    expect(await handshake(config.webSocketUrl, foreignOrigin)).toBe(403);
    expect(await handshake(config.webSocketUrl, reboundHost(config.webSocketUrl))).toBe(403);
  });

  it('serves the fake AWS endpoints and the Google stand-in’s control only to who knows the start’s secret', async () => {
    const sendEmail = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'Action=SendEmail' };
    expect(await rawRequest(`${config.apiUrl}/_local/ses`, sendEmail)).toBe(404);
    expect(await rawRequest(`${config.apiUrl}/2015-03-31/functions/ChatWorker/invocations`, { method: 'POST', body: '{}' })).toBe(404);
    expect(await rawRequest(`${config.apiUrl}/_local/not-the-secret/2015-03-31/functions/ChatWorker/invocations`, { method: 'POST', body: '{}' })).toBe(404);
    expect(await rawRequest(`${googleUrl}/_control/requests`)).toBe(403);
    expect(await rawRequest(`${googleUrl}/_control/requests`, { headers: { 'x-control-secret': 'guess' } })).toBe(403);
    expect(await rawRequest(`${googleUrl}/_control/requests`, { headers: { 'x-control-secret': inject('controlSecret') } })).toBe(200);
  });

  it('refuses the Admin operations of cognito-local to a browser, even on the web app’s page', async () => {
    const adminCreateUser = {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.AdminCreateUser', origin: webOrigin },
      body: JSON.stringify({ UserPoolId: 'any', Username: 'intruder@example.com' }),
    };
    expect(await rawRequest(config.userPoolEndpoint ?? '', adminCreateUser)).toBe(403);
  });
});
