import { lazy, Suspense, useEffect, useState } from 'react';
import { useMatch } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useLatest } from '@/hooks/use-latest';
import { requestInProject } from '@/features/projects/hooks/project-requests';
import { singleKeyShortcutsOn } from '@/lib/single-key-shortcuts';

// Loaded on first use (⌘K, '?', 'c'): they are not needed to show any page.
const CommandPalette = lazy(() => import('./command-palette').then((module) => ({ default: module.CommandPalette })));
const KeyboardShortcutsDialog = lazy(() => import('./keyboard-shortcuts-dialog').then((module) => ({ default: module.KeyboardShortcutsDialog })));

/**
 * Whether a key press belongs to what the user is typing or doing: in a text field, select or editable
 * content, or inside an open dialog (which has its own keys). Single-key shortcuts leave those alone.
 */
function isTypingOrInDialog(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], dialog, [role="dialog"]') !== null;
}

/**
 * The app's keyboard: ⌘K / Ctrl+K opens the command palette from anywhere (even while typing, as such
 * palettes do); the single keys '?', '/' and 'c' work only when the user is not typing or in a dialog, and
 * not at all once the user has turned them off. A press with Alt, or a held key's repeats, do nothing.
 */
export function KeyboardCommands() {
  // 'new task': the palette opened by 'c' away from a project page, listing only "New task in …".
  const [open, setOpen] = useState<'palette' | 'new task' | 'shortcuts' | null>(null);
  const projectId = useMatch(paths.app.project.path)?.params.projectId;
  const onProjectPage = projectId !== undefined && projectId !== 'new';

  // One listener for all of it; the single keys read the latest page through a ref.
  const runSingleKey = useLatest((key: string) => {
    if (key === '?') setOpen('shortcuts');
    else if (key === '/') document.getElementById('header-search-input')?.focus();
    else if (key === 'c') {
      if (onProjectPage) requestInProject(projectId, { kind: 'createTask' });
      else setOpen('new task');
    } else return false;
    return true;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.repeat || event.defaultPrevented) return;
      if (event.metaKey || event.ctrlKey) {
        if (event.key.toLowerCase() !== 'k') return;
        event.preventDefault();
        setOpen((current) => (current === 'palette' ? null : 'palette'));
        return;
      }
      // Shift is allowed: '?' needs it.
      if (isTypingOrInDialog(event.target) || !singleKeyShortcutsOn()) return;
      if (runSingleKey.current(event.key)) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [runSingleKey]);

  const close = () => setOpen(null);
  return (
    <Suspense fallback={null}>
      {open === 'palette' || open === 'new task' ? (
        <CommandPalette startWithNewTask={open === 'new task'} onClose={close} onShowShortcuts={() => setOpen('shortcuts')} />
      ) : open === 'shortcuts' ? (
        <KeyboardShortcutsDialog onClose={close} />
      ) : null}
    </Suspense>
  );
}
