/**
 * The tasks selected for a bulk edit (issue 36), as pure rules: a click toggles one, Shift+click selects
 * the range from the last one clicked (within one run of tasks: the list, or a board's column), Ctrl/⌘+A
 * selects every task shown.
 */
export interface TaskSelection {
  readonly ids: ReadonlySet<string>;
  /** The task clicked last: where a Shift+click's range starts. */
  readonly anchor: string | null;
}

export const noSelection: TaskSelection = { ids: new Set(), anchor: null };

/** Toggles `id`; with `range`, selects every task from the anchor to it in the order shown. */
export function toggleSelected(selection: TaskSelection, id: string, order: readonly string[], range: boolean): TaskSelection {
  const from = selection.anchor === null ? -1 : order.indexOf(selection.anchor);
  const to = order.indexOf(id);
  if (range && from >= 0 && to >= 0) {
    const span = order.slice(Math.min(from, to), Math.max(from, to) + 1);
    return { ids: new Set([...selection.ids, ...span]), anchor: id };
  }
  const ids = new Set(selection.ids);
  if (!ids.delete(id)) ids.add(id);
  return { ids, anchor: id };
}

export function selectAll(order: readonly string[]): TaskSelection {
  return { ids: new Set(order), anchor: order.at(-1) ?? null };
}

/**
 * The selection without the tasks no longer shown (deleted, moved away, filtered out, changed by a push so
 * they left the list): the same object when none went, so a render that changes nothing sets nothing.
 */
export function keepShown(selection: TaskSelection, shown: readonly (readonly string[])[]): TaskSelection {
  if (selection.ids.size === 0) return selection;
  const present = new Set(shown.flat());
  const ids = [...selection.ids].filter((id) => present.has(id));
  if (ids.length === selection.ids.size) return selection;
  return { ids: new Set(ids), anchor: selection.anchor !== null && present.has(selection.anchor) ? selection.anchor : null };
}

/** The one value every selected task has, or `mixed` when they differ (the bulk bar leaves that field alone). */
export function commonValue<T extends string | number | boolean | null>(values: readonly T[]): T | typeof mixed {
  // Compared as they are (the bar reads a field of up to 1,000 tasks on each toggle of the selection).
  const [first] = values;
  return first !== undefined && values.every((value) => value === first) ? first : mixed;
}

export const mixed = Symbol('mixed');

/**
 * The selection held outside React state, so each card reads its own part of it (`useSyncExternalStore`
 * with its id): a toggle renders the card that changed and the bar's count, not the board's 500 cards.
 * `set` notifies only when the selection is a new object: `subscribe`'s listeners on every change,
 * `subscribeTo`'s only when that task went in or out (a toggle wakes one card, not 500 checks).
 */
export interface TaskSelectionStore {
  readonly get: () => TaskSelection;
  readonly set: (next: (current: TaskSelection) => TaskSelection) => void;
  readonly subscribe: (listener: () => void) => () => void;
  readonly subscribeTo: (taskId: string, listener: () => void) => () => void;
}

export function createTaskSelectionStore(): TaskSelectionStore {
  let selection = noSelection;
  const listeners = new Set<() => void>();
  const taskListeners = new Map<string, Set<() => void>>();
  const notifyTasks = (ids: ReadonlySet<string>, unless: ReadonlySet<string>) => {
    for (const id of ids) if (!unless.has(id)) for (const listener of taskListeners.get(id) ?? []) listener();
  };
  return {
    get: () => selection,
    set: (next) => {
      const before = selection;
      selection = next(before);
      if (selection === before) return;
      notifyTasks(before.ids, selection.ids);
      notifyTasks(selection.ids, before.ids);
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    subscribeTo: (taskId, listener) => {
      const own = taskListeners.get(taskId) ?? new Set();
      taskListeners.set(taskId, own.add(listener));
      return () => {
        own.delete(listener);
        if (own.size === 0) taskListeners.delete(taskId);
      };
    },
  };
}
