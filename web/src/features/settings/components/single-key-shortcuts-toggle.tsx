import { useState } from 'react';
import { CheckboxField } from '@/components/ui/form-fields';
import { setSingleKeyShortcuts, singleKeyShortcutsOn } from '@/lib/single-key-shortcuts';

/** Turns the single-key shortcuts ('/', 'c', '?') on or off for this browser. */
export function SingleKeyShortcutsToggle() {
  const [on, setOn] = useState(singleKeyShortcutsOn);
  const change = (next: boolean) => {
    setOn(next);
    setSingleKeyShortcuts(next);
  };
  return <CheckboxField label="Single-key shortcuts (/, c and ?)" checked={on} onChange={change} />;
}
