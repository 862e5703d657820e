import path from 'node:path';
import { buildSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { esbuildOptions } from '../../infra/constructs/bundling.js';
import { repoRoot } from '../../infra/paths.js';
import { httpRoutes } from '../../shared/routes.js';

/**
 * The Google functions call Google with the runtime's own fetch (functions/google/google-client.ts): bundled
 * as the CDK bundles them, none carries the googleapis client, google-auth-library, gaxios or node-fetch,
 * which were more than half of each of these bundles (bench/README.md).
 */
const GOOGLE_CLIENT_PACKAGES = /node_modules\/(googleapis|googleapis-common|google-auth-library|gaxios|gcp-metadata|node-fetch|web-streams-polyfill)\//;

describe('the Google functions’ bundles', () => {
  it('leave the googleapis client and its HTTP stack out', () => {
    const handlers = [...new Set(httpRoutes.filter((route) => route.usesGoogle).map((route) => route.handler))];
    expect(handlers.length).toBeGreaterThan(0);
    const { entryPoints: _entry, outfile: _outfile, ...options } = esbuildOptions('', '');
    const result = buildSync({
      ...options,
      entryPoints: handlers.map((handler) => path.join(repoRoot, `${handler}.ts`)),
      outdir: path.join(repoRoot, 'cdk.out', 'google-bundles-test'),
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile?.inputs ?? {});
    expect(inputs.some((input) => input.endsWith('functions/google/google-client.ts'))).toBe(true);
    expect(inputs.filter((input) => GOOGLE_CLIENT_PACKAGES.test(input))).toEqual([]);
  });
});
