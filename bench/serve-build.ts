import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';

/**
 * The production web app for the browser benches: built with Vite, served as CloudFront serves it (files
 * from dist/web, index.html for every other path), and a Chromium to load it in.
 */
const repoRoot = path.resolve(import.meta.dirname, '..');
export const webDist = path.join(repoRoot, 'dist', 'web');

export function buildWeb(): void {
  execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { cwd: repoRoot, stdio: 'inherit' });
}

const contentType = (file: string) =>
  file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : file.endsWith('.svg') ? 'image/svg+xml' : 'text/html';

/** Serves dist/web on localhost; `config` (when given) is the deployment's config.json, as the web stack writes it. */
export async function serveBuild(port: number, config?: object): Promise<{ url: string; close: () => void }> {
  const url = `http://localhost:${port}`;
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', url).pathname;
    if (config && pathname === '/config.json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(config));
      return;
    }
    const file = path.join(webDist, pathname);
    const found = pathname !== '/' && file.startsWith(webDist) && existsSync(file);
    response.writeHead(200, { 'content-type': found ? contentType(file) : 'text/html' });
    response.end(readFileSync(found ? file : path.join(webDist, 'index.html')));
  });
  await new Promise<void>((resolve) => server.listen(port, 'localhost', resolve));
  return { url, close: () => server.close() };
}

/** The system's Chromium where there is one (CI installs it), else Playwright's. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    ...(existsSync('/usr/bin/chromium') ? { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' } : {}),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
