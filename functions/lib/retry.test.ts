import { afterEach, describe, expect, it, vi } from 'vitest';
import { retrying, sendUntilProcessed } from './retry.js';

describe('retrying with backoff', () => {
  // No real waits: the jitter draws 0.
  afterEach(() => vi.restoreAllMocks());

  it('sends again what was left unprocessed until nothing is, and gives up after its attempts', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const sent: number[][] = [];
    await sendUntilProcessed([1, 2, 3], async (batch) => {
      sent.push([...batch]);
      return batch.slice(1);
    }, 'left over');
    expect(sent).toEqual([[1, 2, 3], [2, 3], [3]]);
    await expect(sendUntilProcessed([1], async (batch) => batch, 'left over', 3)).rejects.toThrow('left over');
  });

  it('runs again only while the failure may pass, up to its attempts', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    let runs = 0;
    const flaky = () => (++runs < 3 ? Promise.reject(new Error('race')) : Promise.resolve('done'));
    await expect(retrying(flaky, (error) => (error as Error).message === 'race', 5, 10)).resolves.toBe('done');
    expect(runs).toBe(3);
    runs = 0;
    await expect(retrying(() => Promise.reject(new Error('broken')), (error) => (error as Error).message === 'race', 5, 10)).rejects.toThrow('broken');
    await expect(retrying(() => Promise.reject(new Error('race')), () => true, 2, 10)).rejects.toThrow('race');
  });
});
