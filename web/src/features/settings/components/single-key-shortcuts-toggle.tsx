import { useSyncExternalStore } from 'react';
import { CheckboxField } from '@/components/ui/form-fields';
import { setSingleKeyShortcuts, singleKeyShortcutsOn } from '@/lib/single-key-shortcuts';

// Every switch on screen (Settings' card, the '?' dialog over it) and other tabs show the same choice. Not
// createLocalStore (features/integrations): a zod schema in this module, which two lazy chunks share, made
// the bundler split zod out of the entry (bench/bundle-size.ts: one more file on every first load).
const listeners = new Set<() => void>();
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** Turns the single-key shortcuts ('/', 'c', '?') on or off for this browser. */
export function SingleKeyShortcutsToggle() {
  const on = useSyncExternalStore(subscribe, singleKeyShortcutsOn);
  const change = (next: boolean) => {
    setSingleKeyShortcuts(next);
    listeners.forEach((listener) => listener());
  };
  return <CheckboxField label="Single-key shortcuts (/, c and ?)" checked={on} onChange={change} />;
}
