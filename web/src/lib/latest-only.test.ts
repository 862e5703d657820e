import { describe, expect, it } from 'vitest';
import { latestOnly } from './latest-only';

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (reason: unknown) => void = () => undefined;
  const promise = new Promise<T>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  return { promise, resolve, reject };
}

describe('latestOnly', () => {
  it('applies only the latest load, and an older load settles only after the latest has been applied', async () => {
    const run = latestOnly();
    const applied: string[] = [];
    const first = deferred<string>();
    const second = deferred<string>();
    const record = (outcome: PromiseSettledResult<string>) => applied.push(outcome.status === 'fulfilled' ? outcome.value : 'failed');

    let firstSettled = false;
    const firstRun = run(() => first.promise, record).then(() => {
      firstSettled = true;
    });
    const secondRun = run(() => second.promise, record);

    first.resolve('old list');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(applied).toEqual([]);
    expect(firstSettled).toBe(false);

    second.resolve('new list');
    await Promise.all([firstRun, secondRun]);
    expect(applied).toEqual(['new list']);
    expect(firstSettled).toBe(true);
  });

  it('hands a failure to apply and still resolves', async () => {
    const run = latestOnly();
    const outcomes: PromiseSettledResult<string>[] = [];
    await expect(run(() => Promise.reject(new Error('down')), (outcome) => outcomes.push(outcome))).resolves.toBeUndefined();
    expect(outcomes).toMatchObject([{ status: 'rejected' }]);
  });

  it('does not wait on itself when it is the latest', async () => {
    const run = latestOnly();
    const applied: number[] = [];
    await run(async () => 1, (outcome) => outcome.status === 'fulfilled' && applied.push(outcome.value));
    await run(async () => 2, (outcome) => outcome.status === 'fulfilled' && applied.push(outcome.value));
    expect(applied).toEqual([1, 2]);
  });
});
