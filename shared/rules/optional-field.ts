/** What removes an optional field: null, false or an empty list. */
type Cleared = null | false | readonly [];

/**
 * Sets, clears or keeps one optional field of a stored item — the one rule behind a task's labels, blockers,
 * parent, pin and repeat. `undefined` keeps the field as it is (an edit that does not name it); a cleared
 * value (null, false, an empty list) removes the key, so the item looks like those stored before the field
 * existed; anything else sets it.
 */
export function withOptional<T extends object, K extends keyof T>(item: T, key: K, value: NonNullable<T[K]> | Cleared | undefined): T {
  if (value === undefined) return item;
  const { [key]: _was, ...rest } = item;
  const cleared = value === null || value === false || (Array.isArray(value) && value.length === 0);
  // The rest of T is unchanged; TypeScript cannot see that dropping and re-adding one key gives T again.
  return (cleared ? rest : { ...rest, [key]: value }) as T;
}
