import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { createStaticSite } from '../local/static-site.js';

/**
 * The production web app for the browser benches: built with Vite, served as CloudFront serves it (files
 * from dist/web, index.html for every other path), and a Chromium to load it in.
 */
const repoRoot = path.resolve(import.meta.dirname, '..');
export const webDist = path.join(repoRoot, 'dist', 'web');

export function buildWeb(): void {
  execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { cwd: repoRoot, stdio: 'inherit' });
}

/** Serves dist/web on localhost as CloudFront would; `config` (when given) is the deployment's config.json. */
export async function serveBuild(port: number, config?: object): Promise<{ url: string; close: () => void }> {
  const server = createStaticSite({ root: webDist, ...(config ? { config } : {}) });
  await new Promise<void>((resolve) => server.listen(port, 'localhost', resolve));
  return { url: `http://localhost:${port}`, close: () => server.close() };
}

/** The system's Chromium where there is one (CI installs it), else Playwright's. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    ...(existsSync('/usr/bin/chromium') ? { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' } : {}),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
