import type { ReactNode } from 'react';
import { useConfirm } from '@/components/ui/confirm-dialog';

/** The question asked before what the user typed and did not save is dropped. */
export const DISCARD_QUESTION = { title: 'Discard changes?', message: 'Your changes have not been saved.', confirmLabel: 'Discard', danger: true } as const;

/**
 * Closing a form dialog the user has typed into (Escape, the close button, Cancel) asks first, so a long
 * note or description is not lost to one key. Render `confirmDialog` inside the form's dialog; a save
 * closes with the owner's own `close`, without asking.
 */
export function useDiscardGuard(dirty: boolean, close: () => void): { requestClose: () => void; confirmDialog: ReactNode } {
  const { confirm, dialog } = useConfirm();
  const requestClose = () => {
    if (!dirty) {
      close();
      return;
    }
    void confirm(DISCARD_QUESTION).then((discard) => {
      if (discard) close();
    });
  };
  return { requestClose, confirmDialog: dialog };
}
