import { describe, expect, it, vi } from 'vitest';
import { aProjectView } from '../../../../../shared/testing/project-views';
import { applyPending, runOptimistic, type PendingChange } from './pending-changes';

const project = (id: string, name: string) => aProjectView({ id, name });

const rename = (id: string, name: string): PendingChange['change'] => (list) => list.map((entry) => (entry.id === id ? { ...entry, name } : entry));
const remove = (id: string): PendingChange['change'] => (list) => list.filter((entry) => entry.id !== id);

describe('applyPending', () => {
  const server = [project('p1', 'One'), project('p2', 'Two')];

  it('is the server list without changes', () => {
    expect(applyPending(server, [], 'w1')).toBe(server);
  });

  it('applies the changes of the workspace in order, on any list the server sends', () => {
    const pending: PendingChange[] = [
      { workspaceId: 'w1', change: rename('p1', 'First') },
      { workspaceId: 'w1', change: rename('p1', 'Second') },
      { workspaceId: 'w2', change: remove('p2') },
    ];
    expect(applyPending(server, pending, 'w1').map((entry) => entry.name)).toEqual(['Second', 'Two']);

    const reloaded = [project('p1', 'One'), project('p2', 'Two'), project('p3', 'Three')];
    expect(applyPending(reloaded, pending, 'w1').map((entry) => entry.name)).toEqual(['Second', 'Two', 'Three']);
  });

  it('leaves the server list untouched', () => {
    applyPending(server, [{ workspaceId: 'w1', change: remove('p1') }], 'w1');
    expect(server.map((entry) => entry.id)).toEqual(['p1', 'p2']);
  });
});

describe('runOptimistic', () => {
  function recorder() {
    const log: string[] = [];
    let finishReload: () => void = () => undefined;
    const steps = {
      show: () => log.push('show'),
      hide: () => log.push('hide'),
      reload: () =>
        new Promise<void>((resolve) => {
          log.push('reload');
          finishReload = () => {
            log.push('reloaded');
            resolve();
          };
        }),
    };
    return { log, steps, finishReload: () => finishReload() };
  }

  it('keeps the change shown until the reload after a successful request has finished', async () => {
    const { log, steps, finishReload } = recorder();
    const running = runOptimistic(steps, async () => {
      log.push('request');
      return 'saved';
    });
    await vi.waitFor(() => expect(log).toContain('reload'));
    expect(log).toEqual(['show', 'request', 'reload']);
    finishReload();
    await expect(running).resolves.toBe('saved');
    expect(log).toEqual(['show', 'request', 'reload', 'reloaded', 'hide']);
  });

  it('hides the change at once when the request fails, reloads, and rejects with the same error', async () => {
    const { log, steps } = recorder();
    const conflict = new Error('stale version');
    await expect(
      runOptimistic(steps, async () => {
        log.push('request');
        throw conflict;
      }),
    ).rejects.toBe(conflict);
    // The reload was started but is not awaited: the caller can show its message at once.
    expect(log).toEqual(['show', 'request', 'hide', 'reload']);
  });
});
