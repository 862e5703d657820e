import { withOptional } from './optional-field.js';

/**
 * A task's pin (issue 31): pinned to its due date from the weekly plan, it never moves when the plan is made
 * again. Kept as `pinned: true` on the task, absent when not pinned.
 */
export function withPin<T extends { readonly pinned?: true }>(task: T, pinned: boolean | undefined): T {
  return withOptional(task, 'pinned', pinned);
}
