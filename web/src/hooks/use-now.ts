import { useEffect, useState } from 'react';

/**
 * The current time, renewed every `intervalMs` (clocks, 'n minutes ago'); `null` stops the renewals (a
 * paused timer need not re-render four times a second). Until the first renewal after a restart, the time
 * read is the one from before the stop.
 */
export function useNow(intervalMs: number | null): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (intervalMs === null) return undefined;
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
