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
  /** A third choice between Cancel and the action ('Only this task'); `choose` tells it apart. */
  otherLabel?: string;
}

export type Choice = 'confirm' | 'other' | 'cancel';

/** A confirmation as an alertdialog: the message, Cancel (focused, the safe choice) and the action. */
export function ConfirmDialog({
  options,
  onConfirm,
  onCancel,
  onOther,
}: {
  options: ConfirmOptions;
  onConfirm: () => void;
  onCancel: () => void;
  onOther?: () => void;
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
        {options.otherLabel && onOther ? <Button onClick={onOther}>{options.otherLabel}</Button> : null}
        <Button variant={options.danger ? 'danger' : 'primary'} onClick={onConfirm}>
          {options.confirmLabel ?? 'Confirm'}
        </Button>
      </div>
    </Dialog>
  );
}

/**
 * `confirm(options)` resolves true when the user confirms and false when they cancel; `choose(options)` also
 * tells the third choice (`otherLabel`) apart. Render `dialog` where the confirmation belongs (inside an open
 * dialog, so it stacks above it).
 */
export function useConfirm(): { confirm: (options: ConfirmOptions) => Promise<boolean>; choose: (options: ConfirmOptions) => Promise<Choice>; dialog: ReactNode } {
  const [pending, setPending] = useState<{ options: ConfirmOptions; resolve: (choice: Choice) => void } | null>(null);

  const choose = useCallback(
    (options: ConfirmOptions) =>
      new Promise<Choice>((resolve) => {
        setPending({ options, resolve });
      }),
    [],
  );
  const confirm = useCallback(async (options: ConfirmOptions) => (await choose(options)) === 'confirm', [choose]);

  const settle = (choice: Choice) => {
    pending?.resolve(choice);
    setPending(null);
  };

  const dialog = pending ? (
    <ConfirmDialog options={pending.options} onConfirm={() => settle('confirm')} onCancel={() => settle('cancel')} onOther={() => settle('other')} />
  ) : null;
  return { confirm, choose, dialog };
}
