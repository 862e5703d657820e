import { describe, expect, it, vi } from 'vitest';
import { RELOAD_AGAIN_AFTER_MS, reloadWhenChunksAreMissing, STALE_BUILD_RELOAD_KEY } from './stale-build';

/** A tab with this session storage (null: none available). */
function tab(storage: Map<string, string> | null = new Map(), siteAnswers = true) {
  const events = new EventTarget();
  const reload = vi.fn();
  let clock = 1_000_000;
  reloadWhenChunksAreMissing({
    events,
    storage: storage ? { getItem: (key) => storage.get(key) ?? null, setItem: (key, value) => void storage.set(key, value) } : undefined,
    siteAnswers: () => Promise.resolve(siteAnswers),
    reload,
    now: () => clock,
  });
  return {
    reload,
    storage,
    missingChunk: async () => {
      events.dispatchEvent(new Event('vite:preloadError'));
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    wait: (ms: number) => (clock += ms),
  };
}

describe('reloadWhenChunksAreMissing', () => {
  it('reloads the tab when a chunk of its build is missing, and notes when', async () => {
    const { reload, storage, missingChunk } = tab();
    await missingChunk();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage?.get(STALE_BUILD_RELOAD_KEY)).toBe('1000000');
  });

  it('does not reload again within a minute (the file is really missing): the error screen shows', async () => {
    const storage = new Map([[STALE_BUILD_RELOAD_KEY, '1000000']]);
    const { reload, missingChunk, wait } = tab(storage);
    wait(RELOAD_AGAIN_AFTER_MS - 1);
    await missingChunk();
    expect(reload).not.toHaveBeenCalled();
    wait(1);
    await missingChunk();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads without session storage, since it could not stop a loop', async () => {
    const { reload, missingChunk } = tab(null);
    await missingChunk();
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not reload when the site does not answer (offline, or down): the error screen shows', async () => {
    const { reload, storage, missingChunk } = tab(new Map(), false);
    await missingChunk();
    expect(reload).not.toHaveBeenCalled();
    expect(storage?.has(STALE_BUILD_RELOAD_KEY)).toBe(false);
  });
});
