import { useEffect, useState, useSyncExternalStore } from 'react';
import { useRealtime } from '@/lib/realtime';

export const OFFLINE_NOTICE = 'You are offline. What you change now is saved when the connection is back.';
export const RECONNECTING_NOTICE = 'Reconnecting… Changes by others show up when the connection is back.';

/** How long the live connection may be down before the notice says so: a server restart is quicker. */
export const RECONNECTING_NOTICE_AFTER_MS = 5_000;

// The browser's own online state, which TanStack Query also follows to hold writes while offline.
function subscribeToOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}
const isOnline = () => navigator.onLine;

/**
 * Says when the page may be out of date or a change waits: offline (writes are held until the browser is
 * back online), or online while the live connection has been down for a while (others' changes do not
 * arrive). Always in the page, so a screen reader reads the text when it appears.
 */
export function ConnectionNotice() {
  const online = useSyncExternalStore(subscribeToOnline, isOnline);
  const connected = useRealtime().status === 'open';
  const [downForLong, setDownForLong] = useState(false);
  // Counted from the last time it was open, across the attempts to reconnect in between.
  useEffect(() => {
    if (connected) return undefined;
    const timer = setTimeout(() => setDownForLong(true), RECONNECTING_NOTICE_AFTER_MS);
    return () => {
      clearTimeout(timer);
      setDownForLong(false);
    };
  }, [connected]);
  const text = !online ? OFFLINE_NOTICE : downForLong ? RECONNECTING_NOTICE : '';
  return (
    <div role="status" className={text ? 'connection-notice' : 'visually-hidden'}>
      {text}
    </div>
  );
}
