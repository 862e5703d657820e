/**
 * A board column's cards in runs of about RUN_SIZE, each run skipped whole by the browser while out of view
 * (content-visibility on the run, not on each card: hundreds of cards each watched for visibility, each its
 * own paint layer, cost every frame; issue 36).
 */
export const RUN_SIZE = 10;

export interface CardRun {
  /** Stable while the run lasts: React keeps its cards mounted. */
  readonly key: string;
  readonly ids: readonly string[];
}

/**
 * Splits `ids` (the column's order) into runs, keeping each card in the run it was in (`previous`) wherever
 * the order allows, so a card added or taken out above another does not move that one into another run (a
 * card changing runs is mounted anew: its focus and a drag of it would be lost). A new card joins the run
 * before it; a run grown to twice RUN_SIZE is cut; a run is named by its first card as it begins.
 */
export function cardRuns(ids: readonly string[], previous: readonly CardRun[] = []): CardRun[] {
  const runOf = new Map<string, string>();
  for (const run of previous) for (const id of run.ids) runOf.set(id, run.key);
  const runs: { key: string; ids: string[]; limit: number }[] = [];
  const used = new Set<string>();
  // The rest of a run that was cut (or whose key a card out of order took first) goes on under the new key.
  const renamed = new Map<string, string>();
  for (const id of ids) {
    const before = runOf.get(id);
    const was = before === undefined ? undefined : (renamed.get(before) ?? before);
    const current = runs.at(-1);
    if (current && (was === undefined || was === current.key) && current.ids.length < current.limit) {
      current.ids.push(id);
      continue;
    }
    const continues = was !== undefined && !used.has(was);
    const key = continues ? was : uniqueKey(id, used);
    if (before !== undefined && !continues) renamed.set(before, key);
    used.add(key);
    runs.push({ key, ids: [id], limit: continues ? 2 * RUN_SIZE : RUN_SIZE });
  }
  return runs.map(({ key, ids: runIds }) => ({ key, ids: runIds }));
}

function uniqueKey(id: string, used: ReadonlySet<string>): string {
  let key = id;
  while (used.has(key)) key += '+';
  return key;
}
