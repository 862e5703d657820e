import { readStorage, storageKeys, writeStorage } from './storage';

/**
 * Whether the single-key shortcuts ('/', 'c', '?') are on: the default. Speech input and some assistive
 * tools type letters as keys, so Settings and the '?' dialog can turn them off (WCAG 2.1.4). Read at each
 * press, so a change applies in every tab at once.
 */
export function singleKeyShortcutsOn(): boolean {
  return readStorage(storageKeys.singleKeyShortcuts) !== 'off';
}

export function setSingleKeyShortcuts(on: boolean): void {
  writeStorage(storageKeys.singleKeyShortcuts, on ? null : 'off');
}
