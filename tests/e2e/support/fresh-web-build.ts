import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from 'vite';

/**
 * Builds the web app into dist/web unless the build there is newer than everything it is made from, so the
 * end-to-end tests load what production serves, and a run after an unchanged checkout starts at once.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const built = path.join(repoRoot, 'dist', 'web', 'index.html');
const inputs = ['web', 'shared', 'package-lock.json', 'tsconfig.json'].map((input) => path.join(repoRoot, input));

function newestChange(entry: string): number {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestChange(path.join(entry, name))), stats.mtimeMs);
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
if (inputs.some((input) => existsSync(input) && newestChange(input) > builtAt)) {
  const started = Date.now();
  await build({ configFile: path.join(repoRoot, 'web', 'vite.config.ts'), logLevel: 'warn' });
  console.log(`Built the web app into dist/web in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} else {
  console.log('dist/web is newer than its sources: using it');
}
