import { Card } from '@/components/ui/card';
import { SingleKeyShortcutsToggle } from './single-key-shortcuts-toggle';

/** Settings' keyboard choices, kept in this browser like the theme. */
export function KeyboardCard() {
  return (
    <Card title="Keyboard">
      <SingleKeyShortcutsToggle />
      <p className="field-hint">⌘K / Ctrl+K and the keys of a focused board card always work.</p>
    </Card>
  );
}
