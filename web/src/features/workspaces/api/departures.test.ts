import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { departingHere, departureKey, lostWorkspaces } from './departures';

describe('workspace departures', () => {
  it('lists the workspaces a newer list no longer holds', () => {
    const before = [{ id: 'w1' }, { id: 'w2' }, { id: 'w3' }];
    expect(lostWorkspaces(before, [{ id: 'w2' }, { id: 'w4' }])).toEqual([{ id: 'w1' }, { id: 'w3' }]);
    expect(lostWorkspaces(before, before)).toEqual([]);
  });

  it('knows a workspace this tab is leaving or deleting, and no other', async () => {
    const queryClient = new QueryClient();
    let answer: () => void = () => undefined;
    const leave = new MutationObserver<void, Error, string>(queryClient, {
      mutationKey: departureKey,
      mutationFn: () => new Promise<void>((resolve) => (answer = resolve)),
    });
    expect(departingHere(queryClient, 'w1')).toBe(false);
    const left = leave.mutate('w1');
    await vi.waitFor(() => expect(queryClient.isMutating()).toBe(1));
    expect(departingHere(queryClient, 'w1')).toBe(true);
    answer();
    await left;
    expect(departingHere(queryClient, 'w1')).toBe(true);
    expect(departingHere(queryClient, 'w2')).toBe(false);
    // Another write on the same workspace is not a departure.
    await new MutationObserver<void, Error, string>(queryClient, { mutationFn: async () => undefined }).mutate('w2');
    expect(departingHere(queryClient, 'w2')).toBe(false);
  });
});
