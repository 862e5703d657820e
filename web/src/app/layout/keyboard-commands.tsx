import { useEffect, useState } from 'react';
import { useMatch } from 'react-router-dom';
import { Dialog } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { useGlobalShortcuts } from '@/hooks/use-global-shortcuts';
import { requestInProject } from '@/lib/project-requests';
import { CommandPalette, NEW_TASK_FILTER } from './command-palette';

const shortcutList: readonly (readonly [keys: string, action: string])[] = [
  ['⌘K / Ctrl+K', 'Open the command palette'],
  ['/', 'Search'],
  ['c', 'Create a task (in the open project, else choose one)'],
  ['?', 'Show keyboard shortcuts'],
  ['↑ ↓ Enter', 'Move through and open results and commands'],
  ['Escape', 'Close a dialog or the search results'],
];

function KeyboardShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Keyboard shortcuts" onClose={onClose}>
      <dl className="keyboard-shortcuts">
        {shortcutList.map(([keys, action]) => (
          <div key={keys}>
            <dt>
              <kbd>{keys}</kbd>
            </dt>
            <dd>{action}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}

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
  if (open === 'palette' || open === 'new task') {
    return <CommandPalette initialFilter={open === 'new task' ? NEW_TASK_FILTER : ''} onClose={close} onShowShortcuts={() => setOpen('shortcuts')} />;
  }
  if (open === 'shortcuts') return <KeyboardShortcutsDialog onClose={close} />;
  return null;
}
