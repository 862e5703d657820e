import { useCallback, useState, type KeyboardEvent } from 'react';
import { useLatest } from '@/hooks/use-latest';
import { keepShown, noSelection, selectAll, toggleSelected, type TaskSelection } from '../utils/task-selection';

/** Keys typed into a field (the board's quick add, a search) are the field's own; a selection checkbox is not a field. */
const inField = (target: EventTarget) =>
  target instanceof Element && (target.closest('input:not([type="checkbox"]), textarea, select, [contenteditable=""], [contenteditable="true"]') !== null || (target instanceof HTMLElement && target.isContentEditable));

/**
 * The bulk edit's selection (issue 36) over the tasks shown, for /tasks (list and kanban) and the project
 * board. `runs` are the tasks in the order shown, one array per run a Shift+click's range stays within (the
 * list as one run, a board's columns one each). Tasks no longer shown (deleted, moved away, filtered out)
 * leave the selection as they go.
 *
 * `select` (stable) toggles one task, `range` for Shift. `onKeyDown`, on the element holding the tasks:
 * Ctrl/⌘+A selects every task shown, x toggles the task whose element (`data-task-id`) holds the focus,
 * Escape clears; none of them while typing in a field.
 */
export function useTaskSelection(runs: readonly (readonly string[])[]) {
  const [stored, setSelection] = useState<TaskSelection>(noSelection);
  const selection = keepShown(stored, runs);
  // Set during the render that finds a task gone (React renders again at once, before the screen shows it).
  if (selection !== stored) setSelection(selection);

  const runsRef = useLatest(runs);
  const selectionRef = useLatest(selection);
  const select = useCallback(
    (id: string, range: boolean) =>
      setSelection((current) => toggleSelected(current, id, runsRef.current.find((run) => run.includes(id)) ?? [id], range)),
    [runsRef],
  );
  const clear = useCallback(() => setSelection(noSelection), []);
  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (inField(event.target) || event.altKey) return;
      const focusedId = event.target instanceof Element ? event.target.closest('[data-task-id]')?.getAttribute('data-task-id') : null;
      const command = event.ctrlKey || event.metaKey;
      if (command && event.key.toLowerCase() === 'a') setSelection(selectAll(runsRef.current.flat()));
      else if (!command && event.key === 'x' && focusedId) select(focusedId, false);
      else if (event.key === 'Escape' && selectionRef.current.ids.size > 0) clear();
      else return;
      event.preventDefault();
    },
    [runsRef, selectionRef, select, clear],
  );
  return { selection, select, clear, onKeyDown };
}
