import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Button, buttonClass } from './button';
import { Dialog } from './dialog';

export interface ConfirmOptions {
  /** The question, e.g. 'Are you sure you want to delete this task?'. */
  message: string;
  title?: string;
  confirmLabel?: string;
  /** Styles the confirm button as destructive. */
  danger?: boolean;
}

/** A confirmation as an alertdialog: the message, Cancel (focused, the safe choice) and the action. */
export function ConfirmDialog({
  options,
  onConfirm,
  onCancel,
}: {
  options: ConfirmOptions;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      role="alertdialog"
      title={options.title ?? 'Please confirm'}
      description={options.message}
      onClose={onCancel}
      initialFocusRef={cancelRef}
      className="dialog-narrow"
    >
      <div className="form-actions">
        <button ref={cancelRef} type="button" className={buttonClass()} onClick={onCancel}>
          Cancel
        </button>
        <Button variant={options.danger ? 'danger' : 'primary'} onClick={onConfirm}>
          {options.confirmLabel ?? 'Confirm'}
        </Button>
      </div>
    </Dialog>
  );
}

/**
 * `confirm(options)` resolves true when the user confirms and false when they cancel; render `dialog`
 * where the confirmation belongs (inside an open dialog, so it stacks above it).
 */
export function useConfirm(): { confirm: (options: ConfirmOptions) => Promise<boolean>; dialog: ReactNode } {
  const [pending, setPending] = useState<{ options: ConfirmOptions; resolve: (confirmed: boolean) => void } | null>(null);

  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        setPending({ options, resolve });
      }),
    [],
  );

  const settle = (confirmed: boolean) => {
    pending?.resolve(confirmed);
    setPending(null);
  };

  const dialog = pending ? <ConfirmDialog options={pending.options} onConfirm={() => settle(true)} onCancel={() => settle(false)} /> : null;
  return { confirm, dialog };
}
