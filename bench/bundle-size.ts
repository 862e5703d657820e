/**
 * The JavaScript a first visit downloads, gzipped: the landing page signed out, /dashboard and /mobile signed in.
 *
 *   npx tsx bench/bundle-size.ts
 *
 * Builds the web app (Vite, production), serves dist/web as CloudFront would (SPA fallback), and loads each
 * page in a real Chromium: every .js file the page fetches until the network is quiet counts, lazy chunks
 * included. The API and Cognito are answered by stubs (an empty workspace list; stored Amplify tokens for the
 * signed-in visit), since only the code that loads matters here. Also prints when a signed-in page sent its
 * first API request (the idle time before it is what a cold load waits for beyond the code). Prints
 * figures; asserts nothing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWeb, launchChromium, serveBuild, webDist as dist } from './serve-build.js';

const port = Number(process.env.BENCH_PORT ?? 20020);
const clientId = 'benchclient';
const budgetKb = 150;

buildWeb();
const server = await serveBuild(port);
const base = server.url;

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const expires = Math.floor(Date.now() / 1000) + 86_400;
const token = (claims: object) => `${encode({ alg: 'RS256', kid: 'bench' })}.${encode(claims)}.signature`;
const claims = { sub: 'bench-user', iss: 'http://cognito.bench/local_bench', exp: expires, iat: expires - 3600 };
const storedSession = {
  LastAuthUser: 'bench-user',
  'bench-user.idToken': token({ ...claims, email: 'bench@example.com', token_use: 'id', aud: clientId }),
  'bench-user.accessToken': token({ ...claims, username: 'bench-user', token_use: 'access', client_id: clientId }),
  'bench-user.refreshToken': 'refresh',
  'bench-user.clockDrift': '0',
};

const browser = await launchChromium();

async function measure(route: string, signedIn: boolean): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = new Set<string>();
  const startedAt = Date.now();
  let firstApiRequestAt: number | undefined;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === base && url.pathname.endsWith('.js')) scripts.add(url.pathname);
    if (url.origin === 'http://api.bench') firstApiRequestAt ??= Date.now() - startedAt;
  });
  await page.route('**/config.json', (request) =>
    request.fulfill({
      json: {
        stage: 'aws',
        region: 'us-east-1',
        apiUrl: 'http://api.bench',
        webSocketUrl: 'ws://ws.bench',
        userPoolId: 'local_bench',
        userPoolClientId: clientId,
        userPoolEndpoint: 'http://cognito.bench',
      },
    }),
  );
  await page.route('http://api.bench/**', (request) => request.fulfill({ json: { workspaces: [] } }));
  await page.route('http://cognito.bench/**', (request) => request.fulfill({ status: 400, json: {} }));
  if (signedIn) {
    await context.addInitScript(
      ({ prefix, entries }) => Object.entries(entries).forEach(([key, value]) => localStorage.setItem(`${prefix}${key}`, value)),
      { prefix: `CognitoIdentityServiceProvider.${clientId}.`, entries: storedSession },
    );
  }
  await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  const landedOn = new URL(page.url()).pathname;
  const heading = (await page.locator('h1').first().textContent({ timeout: 5000 }).catch(() => null))?.trim() ?? 'no heading';
  const files = [...scripts].map((script) => ({ script, bytes: gzipSync(readFileSync(path.join(dist, script))).length }));
  const total = files.reduce((sum, file) => sum + file.bytes, 0);
  console.log(`\n${route} (${signedIn ? 'signed in' : 'signed out'}, showed ${landedOn}: "${heading}"): ${(total / 1000).toFixed(1)} kB gzipped in ${files.length} files (${total} B)`);
  if (firstApiRequestAt !== undefined) console.log(`  first API request ${firstApiRequestAt} ms after the navigation began`);
  for (const file of files.sort((a, b) => b.bytes - a.bytes)) console.log(`  ${(file.bytes / 1000).toFixed(1).padStart(6)} kB  ${file.script}`);
  await context.close();
  return total;
}

try {
  const landing = await measure('/', false);
  const dashboard = await measure('/dashboard', true);
  // The phone layout: signed in, no goal of its own; shows what the signed-in files cost a phone.
  await measure('/mobile', true);
  console.log(`\nInitial JS, gzipped: landing ${(landing / 1000).toFixed(1)} kB, dashboard ${(dashboard / 1000).toFixed(1)} kB (goal ≤ ${budgetKb} kB each)`);
} finally {
  await browser.close();
  server.close();
}
