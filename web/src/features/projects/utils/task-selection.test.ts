import { describe, expect, it, vi } from 'vitest';
import { commonValue, createTaskSelectionStore, keepShown, mixed, noSelection, selectAll, toggleSelected } from './task-selection';

const order = ['a', 'b', 'c', 'd'];

describe('task selection', () => {
  it('a click toggles one task; Shift+click adds the range from the last click', () => {
    const one = toggleSelected(noSelection, 'b', order, false);
    expect([...one.ids]).toEqual(['b']);
    const range = toggleSelected(one, 'd', order, true);
    expect([...range.ids].sort()).toEqual(['b', 'c', 'd']);
    expect([...toggleSelected(range, 'c', order, false).ids].sort()).toEqual(['b', 'd']);
    // Without an anchor, Shift+click selects just the one.
    expect([...toggleSelected(noSelection, 'c', order, true).ids]).toEqual(['c']);
  });

  it('selects every task shown', () => {
    expect([...selectAll(order).ids]).toEqual(order);
  });

  it('drops the tasks no longer shown, and the anchor with them; keeps the same object when all are there', () => {
    const selection = toggleSelected(selectAll(order), 'c', order, false);
    expect(keepShown(selection, [['a', 'b'], ['c', 'd']])).toBe(selection);
    // 'c' (the anchor, clicked out of the selection) and 'b' are gone.
    const kept = keepShown(selection, [['a'], ['d']]);
    expect([...kept.ids]).toEqual(['a', 'd']);
    expect(kept.anchor).toBeNull();
    expect(keepShown(toggleSelected(noSelection, 'b', order, false), [['b']]).anchor).toBe('b');
    expect(keepShown(noSelection, [])).toBe(noSelection);
  });

  it('reads a field as mixed when the selected tasks differ', () => {
    expect(commonValue(['high', 'high'])).toBe('high');
    expect(commonValue(['high', 'low'])).toBe(mixed);
    expect(commonValue([null, null])).toBe(null);
    expect(commonValue([])).toBe(mixed);
  });

  it('the store tells its listeners of a new selection only, and not after they leave', () => {
    const store = createTaskSelectionStore();
    const heard = vi.fn();
    const leave = store.subscribe(heard);
    store.set((current) => toggleSelected(current, 'a', order, false));
    expect([...store.get().ids]).toEqual(['a']);
    store.set((current) => keepShown(current, [order]));
    expect(heard).toHaveBeenCalledTimes(1);
    leave();
    store.set(() => noSelection);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(store.get()).toBe(noSelection);
  });

  it("tells a task's listeners only when that task goes in or out", () => {
    const store = createTaskSelectionStore();
    const [a, b] = [vi.fn(), vi.fn()];
    store.subscribeTo('a', a);
    const leaveB = store.subscribeTo('b', b);
    store.set((current) => toggleSelected(current, 'a', order, false));
    expect([a.mock.calls.length, b.mock.calls.length]).toEqual([1, 0]);
    store.set(() => selectAll(order));
    expect([a.mock.calls.length, b.mock.calls.length]).toEqual([1, 1]);
    store.set(() => noSelection);
    expect([a.mock.calls.length, b.mock.calls.length]).toEqual([2, 2]);
    leaveB();
    store.set(() => selectAll(order));
    expect([a.mock.calls.length, b.mock.calls.length]).toEqual([3, 2]);
  });
});
