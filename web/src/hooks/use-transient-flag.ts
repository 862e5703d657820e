import { useCallback, useEffect, useState } from 'react';

/** How long a success message stays (spec pages §9: link saved, settings saved: 3 seconds). */
export const SUCCESS_NOTICE_MS = 3000;

/** A flag that lowers itself `durationMs` after it was raised (a success message that goes away). */
export function useTransientFlag(durationMs: number = SUCCESS_NOTICE_MS): { readonly on: boolean; readonly raise: () => void; readonly clear: () => void } {
  // Counts raises, so raising again restarts the time.
  const [raised, setRaised] = useState(0);
  useEffect(() => {
    if (raised === 0) return undefined;
    const timer = window.setTimeout(() => setRaised(0), durationMs);
    return () => window.clearTimeout(timer);
  }, [raised, durationMs]);
  const raise = useCallback(() => setRaised((count) => count + 1), []);
  const clear = useCallback(() => setRaised(0), []);
  return { on: raised > 0, raise, clear };
}
