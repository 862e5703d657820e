/**
 * A task's labels (issue 36): ids of its workspace's labels, kept as `labelIds` on the task, absent when it
 * has none (as on every task stored before labels existed).
 */
export function withLabels<T extends { readonly labelIds?: readonly string[] }>(task: T, labelIds: readonly string[] | undefined): T {
  if (labelIds === undefined) return task;
  const { labelIds: _was, ...rest } = task;
  // The rest of T is unchanged; TypeScript cannot see that dropping and re-adding `labelIds` gives T again.
  return (labelIds.length > 0 ? { ...rest, labelIds: [...labelIds] } : rest) as T;
}

/** Whether the task carries any of the labels; every task passes an empty filter. */
export function hasAnyLabel(task: { readonly labelIds?: readonly string[] }, labelIds: readonly string[]): boolean {
  return labelIds.length === 0 || (task.labelIds ?? []).some((id) => labelIds.includes(id));
}
