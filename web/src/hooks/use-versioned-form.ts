import { useCallback, useState } from 'react';

/**
 * The form state of a dialog that edits `item` (absent when it creates one). The form remembers the item
 * as it was when the dialog opened (`base`), so a save carries the version the user read and cannot undo
 * a change someone else made meanwhile without noticing. After a 409 (`markConflict`), once the reloaded
 * item arrives, the form is refilled from it: what the dialog then shows is what a save will be based on.
 * `dirty` says the user changed something since (for asking before their changes are dropped).
 */
export function useVersionedForm<T extends { readonly version: number }, V extends object>(item: T | undefined, toValues: (item: T | undefined) => V) {
  const [base, setBase] = useState(item);
  const [values, setValues] = useState(() => toValues(item));
  const [conflicted, setConflicted] = useState(false);

  // Adjusting state to a new prop during render (React's pattern for it), not in an effect.
  if (conflicted && item && base && item.version !== base.version) {
    setBase(item);
    setValues(toValues(item));
    setConflicted(false);
  }

  const markConflict = useCallback(() => setConflicted(true), []);
  /** Changes some of the values, keeping the others. */
  const update = useCallback((patch: Partial<V>) => setValues((current) => ({ ...current, ...patch })), []);
  // The form's values are plain data (strings, numbers, lists of them): compared as JSON.
  const dirty = JSON.stringify(values) !== JSON.stringify(toValues(base));
  return { base, values, setValues, update, markConflict, dirty };
}
