import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startChild, stopOnFailure, waitUntil } from './child-process.js';

describe('a child whose start-up fails', () => {
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'taskflow-child-'));
  afterEach(() => rmSync(logDir, { recursive: true, force: true }));

  it('is stopped before the error reaches the caller, so it holds no port afterwards', async () => {
    const { service, child } = startChild({
      name: 'sleeper',
      command: process.execPath,
      args: ['-e', 'setInterval(() => {}, 1000)'],
      logDir,
    });
    await expect(
      stopOnFailure(service, () => waitUntil('sleeper', async () => false, { timeoutMs: 300 })),
    ).rejects.toThrow('sleeper did not become ready within 0 s');
    expect(child.exitCode !== null || child.signalCode !== null).toBe(true);
  });

  it('passes the result through when start-up succeeds, leaving the child running', async () => {
    const { service, child } = startChild({
      name: 'sleeper-ok',
      command: process.execPath,
      args: ['-e', 'setInterval(() => {}, 1000)'],
      logDir,
    });
    await expect(stopOnFailure(service, async () => 'ready')).resolves.toBe('ready');
    expect(child.exitCode).toBeNull();
    await service.stop();
  });
});
