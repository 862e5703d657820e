import { readStorage, storageKeys } from './storage';

/**
 * Whether the single-key shortcuts ('/', 'c', '?') are on: the default. Speech input and some assistive
 * tools type letters as keys, so Settings and the '?' dialog can turn them off (WCAG 2.1.4; the switch keeps
 * the choice as JSON in a local store, `false` when off). Read at each press, so a change applies in every
 * tab at once, without the store's code in the first load.
 */
export function singleKeyShortcutsOn(): boolean {
  return readStorage(storageKeys.singleKeyShortcuts) !== 'false';
}
