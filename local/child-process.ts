import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import { LocalStackError } from './log.js';

export interface Service {
  readonly name: string;
  stop(): Promise<void>;
}

/**
 * Follows a file as it grows, calling `onText` with each new piece. Reading the file, rather than a pipe,
 * sees every line as soon as the child wrote it: a child's writes to a full non-blocking pipe can be held
 * back until its next write.
 */
function followFile(file: string, onText: (text: string) => void): () => void {
  const fd = openSync(file, 'r');
  const buffer = Buffer.alloc(64 * 1024);
  let position = 0;
  const readNew = (): void => {
    for (;;) {
      const bytes = readSync(fd, buffer, 0, buffer.length, position);
      if (bytes === 0) return;
      position += bytes;
      onText(buffer.toString('utf8', 0, bytes));
    }
  };
  const timer = setInterval(readNew, 100);
  return () => {
    clearInterval(timer);
    readNew();
    closeSync(fd);
  };
}

/**
 * Starts a child process whose output goes straight into <logDir>/<name>.log (followed by `onOutput` when
 * given), and which dies with the stack. If it exits on its own during start-up, `exited` rejects with the
 * log's location.
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
  const logFd = openSync(logFile, 'a');
  const child = spawn(options.command, options.args, { ...options.spawnOptions, stdio: ['ignore', logFd, logFd] });
  closeSync(logFd);
  const stopFollowing = options.onOutput ? followFile(logFile, options.onOutput) : () => undefined;
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
        const finish = (): void => {
          stopFollowing();
          resolve();
        };
        if (child.exitCode !== null || child.signalCode !== null) {
          finish();
          return;
        }
        const killTimer = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(killTimer);
          finish();
        });
        child.kill('SIGTERM');
      }),
  };
  return { service, exited, child };
}

/**
 * Runs a child's start-up steps (readiness, first set-up); if one fails, stops the child before rethrowing,
 * so a failed start never leaves a process holding its port.
 */
export async function stopOnFailure<T>(service: Service, startUp: () => Promise<T>): Promise<T> {
  try {
    return await startUp();
  } catch (error) {
    await service.stop();
    throw error;
  }
}

/** How long a child may take to answer: generous, since a busy 2-core CI machine starts the JVM slowly. */
export const STARTUP_TIMEOUT_MS = 90_000;

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
