import { useEffect, type ReactNode } from 'react';
import { useToast } from '@/components/ui/toast';
import { useItemWhileOpen } from '@/hooks/use-item-while-open';

const deletedMessages = {
  task: 'Someone else deleted this task while you had it open.',
  milestone: 'Someone else deleted this milestone while you had it open.',
  note: 'Someone else deleted this note, or moved it to another project, while you had it open.',
} as const;

/**
 * The edit dialog of one task, milestone or note, fed with the item as the cache has it now (`item`, found
 * by id). An item someone else deletes meanwhile closes the dialog with a message, since what the user typed
 * is gone with it; an id that was never there shows `notFound` (nothing, or a redirect).
 */
export function OpenItemDialog<T>({
  item,
  what,
  onClose,
  notFound = null,
  children,
}: {
  item: T | undefined;
  what: keyof typeof deletedMessages;
  onClose: () => void;
  notFound?: ReactNode;
  children: (item: T) => ReactNode;
}) {
  const { item: shown, deletedMeanwhile } = useItemWhileOpen(item);
  if (deletedMeanwhile) return <CloseWithMessage message={deletedMessages[what]} onClose={onClose} />;
  return shown === undefined ? notFound : children(shown);
}

/** Says why (a toast) and closes: for an item deleted while open, or one that is not there at all. */
export function CloseWithMessage({ message, onClose }: { message: string; onClose: () => void }) {
  const toast = useToast();
  useEffect(() => {
    toast.error(message);
    onClose();
  }, [toast, message, onClose]);
  return null;
}
