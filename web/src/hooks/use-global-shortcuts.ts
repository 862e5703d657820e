import { useEffect, useRef } from 'react';

/**
 * Whether a key press belongs to what the user is typing or doing: in a text field, select or editable
 * content, or inside an open dialog (which has its own keys). Single-key shortcuts leave those alone.
 */
export function isTypingOrInDialog(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], dialog, [role="dialog"]') !== null;
}

/**
 * Single-key shortcuts for the whole page, by `KeyboardEvent.key` ('?', 'c', '/'). A press with Ctrl, ⌘ or
 * Alt, a repeat, or one made while typing or in a dialog is ignored (Shift is allowed: '?' needs it).
 */
export function useGlobalShortcuts(shortcuts: Readonly<Record<string, () => void>>): void {
  const shortcutsRef = useRef(shortcuts);
  useEffect(() => {
    shortcutsRef.current = shortcuts;
  }, [shortcuts]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || event.defaultPrevented) return;
      if (isTypingOrInDialog(event.target)) return;
      const run = shortcutsRef.current[event.key];
      if (!run) return;
      event.preventDefault();
      run();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
