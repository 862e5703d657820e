import { useEffect, useRef, type RefObject } from 'react';

/**
 * A ref that holds `value` as of the last render, for callbacks that must stay the same function (a
 * memoised child's props, an effect that must not run again) yet act on current values when called.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });
  return latest;
}
