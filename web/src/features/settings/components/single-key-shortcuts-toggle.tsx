import * as z from 'zod/mini';
import { CheckboxField } from '@/components/ui/form-fields';
import { createLocalStore, useLocalStore } from '@/lib/local-store';
import { storageKeys } from '@/lib/storage';

// One store for every switch on screen (Settings' card, the '?' dialog over it); other tabs follow it too.
const shortcutsStore = createLocalStore(storageKeys.singleKeyShortcuts, z.boolean(), true);

/** Turns the single-key shortcuts ('/', 'c', '?') on or off for this browser (lib/single-key-shortcuts.ts reads it). */
export function SingleKeyShortcutsToggle() {
  const [on, update] = useLocalStore(shortcutsStore);
  return <CheckboxField label="Single-key shortcuts (/, c and ?)" checked={on} onChange={(next) => update(() => next)} />;
}
