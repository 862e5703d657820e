import { lazy, Suspense, useEffect, useState } from 'react';
import { useMatch } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useGlobalShortcuts } from '@/hooks/use-global-shortcuts';
import { requestInProject } from '@/lib/project-requests';

// Loaded on first use (⌘K, '?', 'c'): they are not needed to show any page.
const CommandPalette = lazy(() => import('./command-palette').then((module) => ({ default: module.CommandPalette })));
const KeyboardShortcutsDialog = lazy(() => import('./keyboard-shortcuts-dialog').then((module) => ({ default: module.KeyboardShortcutsDialog })));

/**
 * The app's keyboard: ⌘K / Ctrl+K opens the command palette from anywhere (even while typing, as such
 * palettes do); the single keys '?', '/' and 'c' work only when the user is not typing or in a dialog.
 */
export function KeyboardCommands() {
  // 'new task': the palette opened by 'c' away from a project page, listing only "New task in …".
  const [open, setOpen] = useState<'palette' | 'new task' | 'shortcuts' | null>(null);
  const projectId = useMatch(paths.app.project.path)?.params.projectId;
  const onProjectPage = projectId !== undefined && projectId !== 'new';

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.metaKey || event.ctrlKey) || event.altKey || event.key.toLowerCase() !== 'k') return;
      event.preventDefault();
      setOpen((current) => (current === 'palette' ? null : 'palette'));
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  useGlobalShortcuts({
    '?': () => setOpen('shortcuts'),
    '/': () => document.getElementById('header-search-input')?.focus(),
    c: () => (onProjectPage ? requestInProject(projectId, { kind: 'createTask' }) : setOpen('new task')),
  });

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
