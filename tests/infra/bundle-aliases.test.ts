import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildSync } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { esbuildOptions } from '../../infra/constructs/bundling.js';
import { repoRoot } from '../../infra/paths.js';

/**
 * The bundles give the SDK's endpoint cache our LRU map (functions/lib/sdk-lru-cache.ts) for mnemonist's:
 * bundled as a Lambda function is, the cache still keeps, expires and evicts endpoints as it did, and
 * mnemonist is not in the bundle.
 */
const workDir = path.join(repoRoot, 'cdk.out', 'bundle-aliases-test');
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('the SDK’s endpoint cache, bundled', () => {
  it('runs on the small LRU map, with mnemonist left out', async () => {
    mkdirSync(workDir, { recursive: true });
    const entry = path.join(workDir, 'entry.ts');
    writeFileSync(
      entry,
      [
        "import { EndpointCache } from '@aws-sdk/endpoint-cache';",
        'const cache = new EndpointCache(2);',
        "const endpoint = (Address: string) => [{ Address, CachePeriodInMinutes: 1 }];",
        "cache.set('a', endpoint('a.example'));",
        "cache.set('b', endpoint('b.example'));",
        "const first = cache.getEndpoint('a');", // 'a' is now the most recently used
        "cache.set('c', endpoint('c.example'));", // so 'b' is the one evicted
        "const kept = ['a', 'b', 'c'].map((key) => cache.has(key));",
        "cache.delete('a');",
        "const deleted = [cache.has('a'), cache.getEndpoint('a') ?? null];",
        "cache.set('d', [{ Address: 'd.example', CachePeriodInMinutes: -1 }]);",
        "const expired = cache.getEndpoint('d') ?? null;",
        'cache.clear();',
        "console.log(JSON.stringify({ first, kept, deleted, expired, cleared: cache.has('c') }));",
      ].join('\n'),
    );
    const outfile = path.join(workDir, 'index.mjs');
    const result = buildSync({ ...esbuildOptions(entry, outfile), metafile: true, logLevel: 'silent' });
    const inputs = Object.keys(result.metafile?.inputs ?? {});
    expect(inputs.some((input) => input.endsWith('functions/lib/sdk-lru-cache.ts'))).toBe(true);
    expect(inputs.filter((input) => /node_modules\/(mnemonist|obliterator)\//.test(input))).toEqual([]);

    const { stdout } = await promisify(execFile)(process.execPath, [outfile]);
    expect(JSON.parse(stdout)).toEqual({ first: 'a.example', kept: [true, false, true], deleted: [false, null], expired: null, cleared: false });
  });
});
