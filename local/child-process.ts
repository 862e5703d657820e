import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { LocalStackError } from './log.js';

export interface Service {
  readonly name: string;
  stop(): Promise<void>;
}

/**
 * Starts a child process whose output goes to <logDir>/<name>.log (and to `onOutput`), and which dies
 * with the stack. If it exits on its own during start-up, `exited` rejects with the log's location.
 */
export function startChild(options: {
  name: string;
  command: string;
  args: string[];
  logDir: string;
  spawnOptions?: SpawnOptions;
  onOutput?: (chunk: string) => void;
}): { service: Service; exited: Promise<never>; child: ChildProcess } {
  mkdirSync(options.logDir, { recursive: true });
  const logFile = path.join(options.logDir, `${options.name}.log`);
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(options.command, options.args, { stdio: ['ignore', 'pipe', 'pipe'], ...options.spawnOptions });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      log.write(chunk);
      options.onOutput?.(chunk.toString('utf8'));
    });
  }
  let stopping = false;
  const exited = new Promise<never>((_, reject) => {
    child.once('exit', (code, signal) => {
      if (!stopping) {
        reject(new LocalStackError(`${options.name} stopped unexpectedly (${signal ?? `exit code ${code}`}); see ${logFile}`));
      }
    });
    child.once('error', (error) => reject(new LocalStackError(`${options.name} could not start: ${error.message}`)));
  });
  exited.catch(() => undefined); // observed by whoever races it; never an unhandled rejection
  const service: Service = {
    name: options.name,
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        if (child.exitCode !== null || child.signalCode !== null) {
          log.end();
          resolve();
          return;
        }
        const killTimer = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(killTimer);
          log.end();
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
  return { service, exited, child };
}

/** Polls `probe` until it resolves true, failing after `timeoutMs` or as soon as `exited` rejects. */
export async function waitUntil(
  what: string,
  probe: () => Promise<boolean>,
  options: { timeoutMs: number; exited?: Promise<never> },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  const poll = async (): Promise<void> => {
    while (Date.now() < deadline) {
      if (await probe().catch(() => false)) return;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    throw new LocalStackError(`${what} did not become ready within ${Math.round(options.timeoutMs / 1000)} s`);
  };
  await (options.exited ? Promise.race([poll(), options.exited]) : poll());
}
