import { Button } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';

/** A section's "New Task" / "New Milestone" / "New Note" button. */
export function NewItemButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button size="sm" onClick={onClick}>
      <PlusIcon /> {label}
    </Button>
  );
}
