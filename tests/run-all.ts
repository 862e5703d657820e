/**
 * `npm test`: every check the project has, as phases run side by side where the machine has room (two at a
 * time by default, TEST_JOBS to change it), each phase's lines prefixed with its name. Stops at the first
 * failure. Ends with each phase's time and one line counting the tests of every layer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

const repoRoot = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(repoRoot, '.local', 'test-results');

type Counter = 'vitest' | 'playwright';

interface Phase {
  readonly name: string;
  readonly command: readonly string[];
  /** Phases that must have passed first. */
  readonly after?: readonly string[];
  /** How to count its tests, from the JSON report it writes to `resultsDir/<name>.json`. */
  readonly counts?: Counter;
  readonly env?: Readonly<Record<string, string>>;
}

const report = (name: string) => path.join(resultsDir, `${name}.json`);
const vitest = (name: string): Phase => ({
  name,
  command: ['npx', 'vitest', 'run', '--project', name, '--reporter=default', '--reporter=json', `--outputFile.json=${report(name)}`],
  counts: 'vitest',
});

/**
 * In the order they start when there is room: the two long ones first (the web build, then the end-to-end
 * tests; the integration tests), so that the short ones fill in beside them instead of leaving one of them
 * to run alone at the end.
 */
const PHASES: readonly Phase[] = [
  { name: 'build', command: ['node', '--import', 'tsx', 'tests/e2e/support/fresh-web-build.ts'] },
  {
    name: 'e2e',
    command: ['npx', 'playwright', 'test', '-c', 'tests/e2e/playwright.config.ts', '--reporter=list,json'],
    after: ['build'],
    counts: 'playwright',
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: report('e2e') },
  },
  vitest('integration'),
  { name: 'lint', command: ['npx', 'eslint', '.'] },
  { name: 'typecheck', command: ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json'] },
  vitest('unit'),
  vitest('component'),
  vitest('infra'),
  { name: 'synth', command: ['npx', 'cdk', 'synth', '--quiet'] },
];

interface Finished {
  readonly phase: Phase;
  readonly seconds: number;
  readonly code: number;
}

const only = process.argv.slice(2);
const phases = only.length > 0 ? PHASES.filter((phase) => only.includes(phase.name)) : PHASES;
const unknown = only.filter((name) => !PHASES.some((phase) => phase.name === name));
if (unknown.length > 0) {
  console.error(`No phase ${unknown.join(', ')}: the phases are ${PHASES.map((phase) => phase.name).join(', ')}`);
  process.exit(2);
}
const jobs = Math.max(1, Number(process.env.TEST_JOBS ?? 2));
const width = Math.max(...phases.map((phase) => phase.name.length));
const started = Date.now();
const running = new Map<string, ChildProcess>();
const finished: Finished[] = [];

rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

function print(name: string, line: string): void {
  process.stdout.write(`${name.padEnd(width)} │ ${line}\n`);
}

function run(phase: Phase): Promise<Finished> {
  const [command = '', ...args] = phase.command;
  const begun = Date.now();
  print(phase.name, `▶ ${phase.command.join(' ')}`);
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...process.env, ...phase.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a failure elsewhere stops it with everything it started.
    detached: true,
  });
  running.set(phase.name, child);
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => print(phase.name, line));
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      running.delete(phase.name);
      const seconds = (Date.now() - begun) / 1000;
      print(phase.name, `${code === 0 ? '✔' : '✘'} ${phase.name} ${code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds.toFixed(1)} s`);
      resolve({ phase, seconds, code: code ?? 1 });
    });
  });
}

function stopAll(): void {
  for (const child of running.values()) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});

/** Runs the phases, at most `jobs` at once, each when those it comes after have passed; false on a failure. */
async function runPhases(): Promise<boolean> {
  const waiting = [...phases];
  const inFlight = new Set<Promise<Finished>>();
  const passed = new Set<string>();
  const names = new Set(phases.map((phase) => phase.name));
  while (waiting.length > 0 || inFlight.size > 0) {
    while (inFlight.size < jobs) {
      // A phase whose predecessor is not among those chosen runs without it (e.g. `npm test e2e`).
      const index = waiting.findIndex((phase) => (phase.after ?? []).every((name) => passed.has(name) || !names.has(name)));
      if (index < 0) break;
      const [phase] = waiting.splice(index, 1);
      if (!phase) break;
      const promise = run(phase).then((result) => {
        inFlight.delete(promise);
        return result;
      });
      inFlight.add(promise);
    }
    const result = await Promise.race(inFlight);
    finished.push(result);
    if (result.code !== 0) {
      stopAll();
      await Promise.allSettled(inFlight);
      return false;
    }
    passed.add(result.phase.name);
  }
  return true;
}

interface Count {
  readonly ran: number;
  readonly passed: number;
}

function countOf(phase: Phase): Count | undefined {
  if (!phase.counts) return undefined;
  try {
    const json = JSON.parse(readFileSync(report(phase.name), 'utf8')) as Record<string, unknown>;
    if (phase.counts === 'vitest') {
      const { numTotalTests = 0, numPassedTests = 0, numPendingTests = 0, numTodoTests = 0 } = json as Record<string, number>;
      return { ran: numTotalTests - numPendingTests - numTodoTests, passed: numPassedTests };
    }
    const { expected = 0, unexpected = 0, flaky = 0 } = (json.stats ?? {}) as Record<string, number>;
    return { ran: expected + unexpected + flaky, passed: expected };
  } catch {
    return undefined;
  }
}

const minutes = (seconds: number) => `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;

const ok = await runPhases();
const total = (Date.now() - started) / 1000;
console.log('\nPhase times (wall clock, side by side where they overlapped):');
for (const { phase, seconds, code } of finished) console.log(`  ${phase.name.padEnd(width)}  ${seconds.toFixed(1).padStart(6)} s  ${code === 0 ? 'passed' : 'FAILED'}`);
const counted = finished.flatMap(({ phase }) => {
  const count = countOf(phase);
  return count ? [{ name: phase.name, ...count }] : [];
});
writeFileSync(
  path.join(resultsDir, 'phases.json'),
  JSON.stringify({ total, jobs, phases: finished.map(({ phase, seconds, code }) => ({ name: phase.name, seconds, code })), counted }, null, 2),
);
const ran = counted.reduce((sum, count) => sum + count.ran, 0);
const passedTests = counted.reduce((sum, count) => sum + count.passed, 0);
const layers = counted.map((count) => `${count.name} ${count.passed}/${count.ran}`).join(', ');
console.log(
  ok
    ? `\nAll checks passed: ${ran} tests ran and ${passedTests} passed in all layers together (${layers}), in ${minutes(total)}.`
    : `\nFAILED: ${finished.find((result) => result.code !== 0)?.phase.name ?? '?'}; ${passedTests} of ${ran} tests passed in the layers that finished (${layers || 'none'}), in ${minutes(total)}.`,
);
process.exit(ok ? 0 : 1);
