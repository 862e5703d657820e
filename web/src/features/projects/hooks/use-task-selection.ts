import { createContext, useCallback, useContext, useLayoutEffect, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { useLatest } from '@/hooks/use-latest';
import { createTaskSelectionStore, keepShown, noSelection, selectAll, toggleSelected, type TaskSelection, type TaskSelectionStore } from '../utils/task-selection';

/** Keys typed into a field (the board's quick add, a search) are the field's own; a selection checkbox is not a field. */
const inField = (target: EventTarget) =>
  target instanceof Element && (target.closest('input:not([type="checkbox"]), textarea, select, [contenteditable=""], [contenteditable="true"]') !== null || (target instanceof HTMLElement && target.isContentEditable));

/**
 * The bulk edit's selection (issue 36) over the tasks shown, for /tasks (list and kanban) and the project
 * board. `runs` are the tasks in the order shown, one array per run a Shift+click's range stays within (the
 * list as one run, a board's columns one each). Tasks no longer shown (deleted, moved away, filtered out)
 * leave the selection as they go (before the screen shows it).
 *
 * The selection lives in `store`, which the caller does not read as a whole: each card reads whether it is
 * selected (`useIsTaskSelected`, under TaskSelectionContext), the bar the selected tasks (SelectedTasksBar),
 * so a toggle renders one card and the bar. `select` (stable) toggles one task, `range` for Shift.
 * `onKeyDown`, on the element holding the tasks: Ctrl/⌘+A selects every task shown, x toggles the task
 * whose element (`data-task-id`) holds the focus, Escape clears; none of them while typing in a field.
 */
export function useTaskSelection(runs: readonly (readonly string[])[]) {
  const [store] = useState(createTaskSelectionStore);
  useLayoutEffect(() => store.set((current) => keepShown(current, runs)), [store, runs]);

  const runsRef = useLatest(runs);
  const select = useCallback(
    (id: string, range: boolean) => store.set((current) => toggleSelected(current, id, runsRef.current.find((run) => run.includes(id)) ?? [id], range)),
    [store, runsRef],
  );
  const clear = useCallback(() => store.set(() => noSelection), [store]);
  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (inField(event.target) || event.altKey) return;
      const focusedId = event.target instanceof Element ? event.target.closest('[data-task-id]')?.getAttribute('data-task-id') : null;
      const command = event.ctrlKey || event.metaKey;
      if (command && event.key.toLowerCase() === 'a') store.set(() => selectAll(runsRef.current.flat()));
      else if (!command && event.key === 'x' && focusedId) select(focusedId, false);
      else if (event.key === 'Escape' && store.get().ids.size > 0) clear();
      else return;
      event.preventDefault();
    },
    [store, runsRef, select, clear],
  );
  return { store, select, clear, onKeyDown };
}

/** The store the cards below read their selected state from (none: nothing is selected). */
export const TaskSelectionContext = createContext<TaskSelectionStore>(createTaskSelectionStore());

/** Whether the task is selected: renders again only when that changes. */
export function useIsTaskSelected(taskId: string): boolean {
  const store = useContext(TaskSelectionContext);
  const subscribe = useCallback((listener: () => void) => store.subscribeTo(taskId, listener), [store, taskId]);
  return useSyncExternalStore(subscribe, () => store.get().ids.has(taskId));
}

/** Whether anything is selected (the cards' selection boxes show then): renders again only when that changes. */
export function useHasSelection(store: TaskSelectionStore): boolean {
  return useSyncExternalStore(store.subscribe, () => store.get().ids.size > 0);
}

/** The whole selection: renders again on every change. */
export function useSelection(store: TaskSelectionStore): TaskSelection {
  return useSyncExternalStore(store.subscribe, store.get);
}
