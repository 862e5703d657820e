import { describe, expect, it } from 'vitest';
import { cardRuns, RUN_SIZE, type CardRun } from './card-runs';

const ids = (count: number, prefix = 't') => Array.from({ length: count }, (_, index) => `${prefix}${index}`);
/** Which run each card is in. */
const placement = (runs: readonly CardRun[]) => new Map(runs.flatMap((run) => run.ids.map((id) => [id, run.key] as const)));

describe('cardRuns', () => {
  it('splits a new column into runs of RUN_SIZE in order, each named by its first card', () => {
    const runs = cardRuns(ids(25));
    expect(runs.map((run) => run.ids.length)).toEqual([RUN_SIZE, RUN_SIZE, 5]);
    expect(runs.map((run) => run.key)).toEqual(['t0', 't10', 't20']);
    expect(runs.flatMap((run) => run.ids)).toEqual(ids(25));
  });

  it('gives the same runs again for the same cards', () => {
    const runs = cardRuns(ids(25));
    expect(cardRuns(ids(25), runs)).toEqual(runs);
  });

  it('keeps every other card in its run when one above it is taken out or added', () => {
    const before = cardRuns(ids(25));
    const without = ids(25).filter((id) => id !== 't3');
    const after = cardRuns(without, before);
    const was = placement(before);
    expect(without.every((id) => placement(after).get(id) === was.get(id))).toBe(true);
    const added = cardRuns(['new', ...without.slice(0, 5), 'middle', ...without.slice(5)], after);
    const now = placement(added);
    expect(without.every((id) => now.get(id) === was.get(id))).toBe(true);
    // A card added in the middle joins the run before it; one at the top starts a run.
    expect(now.get('middle')).toBe('t0');
    expect(added[0]).toEqual({ key: 'new', ids: ['new'] });
  });

  it('cuts a run grown to twice RUN_SIZE, the rest of the old run going on together', () => {
    const appended = cardRuns([...ids(RUN_SIZE), ...ids(RUN_SIZE + 5, 'n')], cardRuns(ids(RUN_SIZE)));
    expect(appended.map((run) => run.ids.length)).toEqual([2 * RUN_SIZE, 5]);
    const grown = cardRuns(['t0', ...ids(2 * RUN_SIZE, 'x'), ...ids(RUN_SIZE).slice(1)], cardRuns(ids(RUN_SIZE)));
    expect(grown.map((run) => run.ids.length)).toEqual([2 * RUN_SIZE, 1, RUN_SIZE - 1]);
    expect(grown[2]?.ids).toEqual(ids(RUN_SIZE).slice(1));
  });

  it('does not break a run into single cards when a card out of order takes its key first', () => {
    const before = cardRuns(ids(2 * RUN_SIZE));
    // t15 (of the second run) is moved to the top: the rest of the second run stays one run.
    const order = ['t15', ...ids(2 * RUN_SIZE).filter((id) => id !== 't15')];
    const after = cardRuns(order, before);
    expect(after.map((run) => run.ids.length)).toEqual([1, RUN_SIZE, RUN_SIZE - 1]);
    expect(new Set(after.map((run) => run.key)).size).toBe(after.length);
  });
});
