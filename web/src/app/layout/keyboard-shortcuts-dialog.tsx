import { Dialog } from '@/components/ui/dialog';
import { SingleKeyShortcutsToggle } from '@/features/settings/components/single-key-shortcuts-toggle';

const shortcutList: readonly (readonly [keys: string, action: string])[] = [
  ['⌘K / Ctrl+K', 'Open the command palette'],
  ['/', 'Search'],
  ['c', 'Create a task (in the open project, else choose one)'],
  ['?', 'Show keyboard shortcuts'],
  ['↑ ↓ Enter', 'Move through and open results and commands'],
  ['Enter', 'On a board card: open the task'],
  ['S', 'On a board card: move it to another column'],
  ['X', 'On a board card or a /tasks row: select it for a bulk edit, or not (Shift+click a checkbox for a range)'],
  ['Ctrl/⌘+A, Escape', 'On a board or /tasks: select every task shown, clear the selection'],
  ['Space, arrows, Space', 'On a board card: pick it up, carry it, drop it (Escape cancels)'],
  ['S', 'In an open task: change its status'],
  ['P', 'In an open task: change its priority'],
  ['A', 'In an open task: change its assignee'],
  ['D', 'In an open task: change its due date'],
  ['E', 'In an open task: edit its description'],
  ['Escape', 'Close a dialog or the search results'],
];

/** The '?' dialog: every shortcut and what it does, and the switch for the single-key ones. */
export function KeyboardShortcutsDialog({ onClose }: { onClose: () => void }) {
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
      <SingleKeyShortcutsToggle />
    </Dialog>
  );
}
