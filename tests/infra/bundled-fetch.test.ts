import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildSync } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { esbuildOptions } from '../../infra/constructs/bundling.js';
import { repoRoot } from '../../infra/paths.js';

/**
 * The Google functions' bundles give gaxios the runtime's fetch where it asks for node-fetch
 * (functions/google/runtime-fetch.ts): bundled as a Lambda function is, a request still goes out and comes
 * back, and neither node-fetch nor its web-streams polyfill is in the bundle. The Calendar client takes
 * googleapis-common's request module alone (infra/constructs/bundling.ts): bundled, it still refreshes its
 * token and calls the Calendar API, without google-auth-library's other credentials.
 */
const workDir = path.join(repoRoot, 'cdk.out', 'bundled-fetch-test');
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** A local server answering every request with `answer`'s JSON; its port. */
async function jsonServer(answer: (request: IncomingMessage) => unknown): Promise<{ port: number; close: () => void }> {
  const server = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(answer(request)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, close: () => server.close() };
}

/** `source` bundled as a Lambda function is: the bundle's file and the modules with code in it. */
function bundled(name: string, source: string): { outfile: string; inputs: string[] } {
  mkdirSync(workDir, { recursive: true });
  const entry = path.join(workDir, `${name}-entry.ts`);
  writeFileSync(entry, source);
  const outfile = path.join(workDir, `${name}.mjs`);
  const result = buildSync({ ...esbuildOptions(entry, outfile), metafile: true, logLevel: 'silent' });
  const outputs = Object.values(result.metafile?.outputs ?? {});
  return { outfile, inputs: outputs.flatMap((output) => Object.keys(output.inputs).filter((input) => (output.inputs[input]?.bytesInOutput ?? 0) > 0)) };
}

describe('a bundled Google HTTP request', () => {
  it('goes through the runtime’s fetch, with node-fetch left out of the bundle', async () => {
    const server = await jsonServer((request) => ({ method: request.method, path: request.url, auth: request.headers.authorization }));
    try {
      // gaxios is what googleapis and google-auth-library send every request with.
      const { outfile, inputs } = bundled(
        'gaxios',
        "import { request } from 'gaxios';\n" +
          'const response = await request({ url: process.argv[2], method: "POST", headers: { authorization: "Bearer t" }, data: { a: 1 } });\n' +
          'console.log(JSON.stringify(response.data));\n',
      );
      expect(inputs.some((input) => input.includes('gaxios'))).toBe(true);
      expect(inputs.filter((input) => /node_modules\/(node-fetch|web-streams-polyfill|fetch-blob)\//.test(input))).toEqual([]);

      const { stdout } = await promisify(execFile)(process.execPath, [outfile, `http://127.0.0.1:${server.port}/calendar/v3/events?x=1`]);
      expect(JSON.parse(stdout)).toEqual({ method: 'POST', path: '/calendar/v3/events?x=1', auth: 'Bearer t' });
    } finally {
      server.close();
    }
  });

  it('carries the Calendar client with only the OAuth2 client of google-auth-library, and it still calls Google', async () => {
    const seen: string[] = [];
    const server = await jsonServer((request) => {
      seen.push(`${request.method} ${request.url} ${request.headers.authorization ?? '-'}`);
      return request.url === '/token' ? { access_token: 'access-1', expires_in: 3600, token_type: 'Bearer' } : { items: [{ id: 'primary', summary: 'Work' }] };
    });
    try {
      const { outfile, inputs } = bundled(
        'calendar',
        `import { calendarApiFor } from ${JSON.stringify(path.join(repoRoot, 'functions/google/google-client.ts'))};\n` +
          "console.log(JSON.stringify(await (await calendarApiFor('refresh-1')).listCalendars()));\n",
      );
      expect(inputs).toContain('node_modules/google-auth-library/build/src/auth/oauth2client.js');
      expect(inputs.filter((input) => /googleapis-common\/build\/src\/index|google-auth-library\/build\/src\/(index|auth\/googleauth)|gcp-metadata/.test(input))).toEqual([]);

      const env = {
        ...process.env,
        GOOGLE_CLIENT_ID: 'client-1',
        GOOGLE_CLIENT_SECRET: 'secret-1',
        GOOGLE_TOKEN_KEY_FILE: path.join(workDir, 'unused-key'),
        GOOGLE_ENDPOINT_URL: `http://127.0.0.1:${server.port}`,
        WEB_URL: 'http://localhost:5173',
      };
      const { stdout } = await promisify(execFile)(process.execPath, [outfile], { env });
      expect(JSON.parse(stdout)).toEqual([{ id: 'primary', summary: 'Work' }]);
      expect(seen).toEqual(['POST /token -', 'GET /calendar/v3/users/me/calendarList?maxResults=250 Bearer access-1']);
    } finally {
      server.close();
    }
  });

  it('leaves google-auth-library out of a bundle that imports the client module without calling Google', () => {
    const { inputs } = bundled(
      'no-call',
      `import { GoogleGrantRevokedError } from ${JSON.stringify(path.join(repoRoot, 'functions/google/google-client.ts'))};\n` +
        'console.log(new GoogleGrantRevokedError().name);\n',
    );
    expect(inputs).toContain('functions/google/google-client.ts');
    expect(inputs.filter((input) => /node_modules\/(google-auth-library|gaxios|googleapis)\//.test(input))).toEqual([]);
  });
});
