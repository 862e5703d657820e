import { useCallback, useState } from 'react';

// The form's values are plain data (strings, numbers, lists of them): compared as JSON.
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Someone else's saved values merged into the form, field by field, against the values both started from
 * (`base`): a field the user left alone takes theirs, a field only the user changed keeps the user's, and
 * a field both changed differently (a clash) shows theirs, for the user to check.
 */
export function mergeValues<V extends object>(base: V, mine: V, theirs: V): { merged: V; clashes: (keyof V)[] } {
  const merged = { ...mine };
  const clashes: (keyof V)[] = [];
  for (const field of Object.keys(theirs) as (keyof V)[]) {
    const mineChanged = !same(mine[field], base[field]);
    const theirsChanged = !same(theirs[field], base[field]);
    if (!mineChanged) merged[field] = theirs[field];
    else if (theirsChanged && !same(mine[field], theirs[field])) {
      merged[field] = theirs[field];
      clashes.push(field);
    }
  }
  return { merged, clashes };
}

/**
 * The form state of a dialog that edits `item` (absent when it creates one). The form remembers the item
 * as it was when the dialog opened (`base`), so a save carries the version the user read and cannot undo
 * a change someone else made meanwhile without noticing.
 *
 * A newer `item` (someone else saved; the cache follows pushes) is merged in at once when it changed only
 * what the user did not touch: the form then shows it and saves on top of it (`updatedByOthers` says so).
 * When it changed a field the user changed too, the form waits: the save gets a 409 (`markConflict`), and
 * once the reloaded item arrives the form takes it, keeping the user's other changes, so nothing typed is
 * lost and what the dialog shows is what a save will be based on. `dirty` says the user changed something
 * (for asking before their changes are dropped).
 */
export function useVersionedForm<T extends { readonly version: number }, V extends object>(item: T | undefined, toValues: (item: T | undefined) => V) {
  const [base, setBase] = useState(item);
  const [values, setValues] = useState(() => toValues(item));
  const [conflicted, setConflicted] = useState(false);
  const [updatedByOthers, setUpdatedByOthers] = useState(false);

  // Adjusting state to a new prop during render (React's pattern for it), not in an effect. A newer item
  // with exactly the form's values is the user's own save, shown before the server answers: the form must
  // keep its base, or a refused save would leave it based on a version that was never stored.
  if (item && base && item.version > base.version && (conflicted || !same(toValues(item), values))) {
    const { merged, clashes } = mergeValues(toValues(base), values, toValues(item));
    if (conflicted || clashes.length === 0) {
      setBase(item);
      setValues(merged);
      setConflicted(false);
      if (!conflicted && !same(merged, values)) setUpdatedByOthers(true);
    }
  }

  const markConflict = useCallback(() => setConflicted(true), []);
  /** Changes some of the values, keeping the others. */
  const update = useCallback((patch: Partial<V>) => setValues((current) => ({ ...current, ...patch })), []);
  const dirty = !same(values, toValues(base));
  return { base, values, setValues, update, markConflict, dirty, updatedByOthers };
}
