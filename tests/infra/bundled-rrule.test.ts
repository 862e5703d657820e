import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildSync } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { esbuildOptions } from '../../infra/constructs/bundling.js';
import { repoRoot } from '../../infra/paths.js';

/**
 * `rrule` ships CommonJS to Node and ESM to bundlers (shared/rules/repeat.ts reads it either way): bundled
 * as a Lambda function is, from its ESM build, the repeat rules still work, without a bundler warning.
 */
const workDir = path.join(repoRoot, 'cdk.out', 'bundled-rrule-test');
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('the repeat rules bundled for Lambda (issue 36)', () => {
  it('read an RRULE with the ESM build of rrule', async () => {
    mkdirSync(workDir, { recursive: true });
    const entry = path.join(workDir, 'entry.ts');
    writeFileSync(
      entry,
      `import { nextDueDate, repeatRuleProblem } from ${JSON.stringify(path.join(repoRoot, 'shared/rules/repeat.ts'))};\n` +
        "console.log(JSON.stringify([nextDueDate({ rule: 'FREQ=MONTHLY;BYDAY=-1FR', from: 'due', timeZone: 'UTC' }, { dueDate: '2026-12-25' }, '2026-12-25'), repeatRuleProblem('FREQ=HOURLY')]));\n",
    );
    const outfile = path.join(workDir, 'index.mjs');
    const result = buildSync({ ...esbuildOptions(entry, outfile), metafile: true, logLevel: 'silent' });
    expect(result.warnings).toEqual([]);
    expect(Object.keys(result.metafile?.inputs ?? {}).some((input) => input.includes('node_modules/rrule/dist/esm/'))).toBe(true);
    const { stdout } = await promisify(execFile)(process.execPath, [outfile]);
    expect(JSON.parse(stdout)).toEqual(['2027-01-29', 'Repeat must be daily, weekly, monthly or yearly (FREQ)']);
  });
});
