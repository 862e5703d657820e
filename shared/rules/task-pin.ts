/**
 * A task's pin (issue 31): pinned to its due date from the weekly plan, it never moves when the plan is made
 * again. Kept as `pinned: true` on the task, absent when not pinned.
 */
export function withPin<T extends { readonly pinned?: true }>(task: T, pinned: boolean | undefined): T {
  const { pinned: was, ...unpinned } = task;
  const keep = pinned ?? was === true;
  // The rest of T is unchanged; TypeScript cannot see that dropping and re-adding `pinned` gives T again.
  return (keep ? { ...unpinned, pinned: true } : unpinned) as T;
}
