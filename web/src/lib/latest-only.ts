/**
 * Overlapping loads of one list (a reload on a push while another is on its way): only the latest started
 * may apply its result, and every load's promise settles only once the latest has been applied, so a
 * caller that awaits a reload always sees the newest list afterwards.
 */
export type LatestOnlyRunner = <T>(load: () => Promise<T>, apply: (outcome: PromiseSettledResult<T>) => void) => Promise<void>;

export function latestOnly(): LatestOnlyRunner {
  let started = 0;
  let latest: Promise<void> = Promise.resolve();
  return <T>(load: () => Promise<T>, apply: (outcome: PromiseSettledResult<T>) => void): Promise<void> => {
    const request = ++started;
    const isLatest = () => request === started;
    const settled = load()
      .then(
        (value): PromiseSettledResult<T> => ({ status: 'fulfilled', value }),
        (reason: unknown): PromiseSettledResult<T> => ({ status: 'rejected', reason }),
      )
      .then((outcome) => {
        if (isLatest()) apply(outcome);
        // `latest` is a newer load's promise here, never this one.
        return isLatest() ? undefined : latest;
      });
    latest = settled;
    return settled;
  };
}
