import { withOptional } from './optional-field.js';

/**
 * A task's labels (issue 36): ids of its workspace's labels, kept as `labelIds` on the task, absent when it
 * has none (as on every task stored before labels existed).
 */
export function withLabels<T extends { readonly labelIds?: readonly string[] }>(task: T, labelIds: readonly string[] | undefined): T {
  return withOptional(task, 'labelIds', labelIds && [...labelIds]);
}

/**
 * The label filter of the board, /tasks and /calendar ("Label is any of"): whether the
 * task carries any of the chosen labels; none chosen passes every task.
 */
export function matchesAnyLabel(task: { readonly labelIds?: readonly string[] }, labelIds: ReadonlySet<string>): boolean {
  return labelIds.size === 0 || (task.labelIds ?? []).some((labelId) => labelIds.has(labelId));
}
