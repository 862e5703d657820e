import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { editCachedData } from './cache-edit';

const key = ['workspaces', 'w1', 'things'];

describe('editCachedData', () => {
  it('edits the data and leaves a fresh query fresh', () => {
    const client = new QueryClient();
    client.setQueryData(key, [1, 2]);

    editCachedData<number[]>(client, key, (numbers) => [...numbers, 3]);

    expect(client.getQueryData(key)).toEqual([1, 2, 3]);
    expect(client.getQueryState(key)?.isInvalidated).toBe(false);
  });

  it('keeps a query that was marked stale stale, so it still reloads when shown', async () => {
    const client = new QueryClient();
    client.setQueryData(key, [1, 2]);
    await client.invalidateQueries({ queryKey: key, refetchType: 'none' });

    editCachedData<number[]>(client, key, (numbers) => numbers.filter((number) => number !== 1));

    expect(client.getQueryData(key)).toEqual([2]);
    expect(client.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('keeps the time the data was read, so a list read long ago is still stale by age', () => {
    const client = new QueryClient();
    client.setQueryData(key, [1], { updatedAt: 1_000 });

    editCachedData<number[]>(client, key, (numbers) => [...numbers, 2]);

    expect(client.getQueryData(key)).toEqual([1, 2]);
    expect(client.getQueryState(key)?.dataUpdatedAt).toBe(1_000);
  });

  it('creates nothing for a query that holds no data', () => {
    const client = new QueryClient();

    editCachedData<number[]>(client, key, () => [9]);

    expect(client.getQueryData(key)).toBeUndefined();
    expect(client.getQueryCache().find({ queryKey: key })?.state.data).toBeUndefined();
  });
});
