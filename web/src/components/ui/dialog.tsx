import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useLatest } from '@/hooks/use-latest';
import { CloseIcon } from './icons';
import './dialog.css';

export interface DialogProps {
  /** The visible heading; it also names the dialog (aria-labelledby). */
  title: string;
  /** Called on Escape, on the close button, or when the browser closes the dialog. */
  onClose: () => void;
  /** 'alertdialog' for confirmations that interrupt the user. */
  role?: 'dialog' | 'alertdialog';
  /** A line under the title; it describes the dialog (aria-describedby). */
  description?: ReactNode;
  /** Focused on open; by default the browser focuses the first focusable element. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Extra buttons in the title bar, left of the close button (e.g. a full-screen toggle). */
  headerActions?: ReactNode;
  className?: string;
  /** A press on the backdrop (outside the dialog's box) closes it too: for panels such as a drawer. */
  dismissOnBackdropPress?: boolean;
  children: ReactNode;
}

const FOCUSABLE = 'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled), button:not(:disabled), [href], [tabindex]:not([tabindex="-1"])';

/** The dialog's Tab stops, in order (what is hidden or out of the tab order is skipped). */
function tabStops(dialog: HTMLElement): HTMLElement[] {
  return Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => element.tabIndex >= 0 && element.getClientRects().length > 0);
}

/**
 * Tab from the last stop goes to the first, Shift+Tab from the first to the last: the browser would let
 * focus leave a modal dialog for its own toolbar, and come back at the document's start.
 */
function wrapTab(event: KeyboardEvent<HTMLDialogElement>): void {
  // A dialog opened from this one (a confirmation) wraps its own Tab stops.
  if (event.key !== 'Tab' || !(event.target instanceof Element) || event.target.closest('dialog') !== event.currentTarget) return;
  const stops = tabStops(event.currentTarget);
  const [first, last] = [stops[0], stops.at(-1)];
  const [from, to] = event.shiftKey ? [first, last] : [last, first];
  if (!to || document.activeElement !== from) return;
  event.preventDefault();
  to.focus();
}

/**
 * A modal dialog on the native <dialog> element opened with showModal(): the browser makes the rest of the
 * page inert (so focus stays inside) and turns Escape into a `cancel` event, which we route to onClose so
 * the owner decides. It is open while mounted; on unmount focus returns to where it was before.
 */
export function Dialog({ title, onClose, role = 'dialog', description, initialFocusRef, headerActions, className, dismissOnBackdropPress, children }: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // The latest onClose without reopening the dialog when the owner passes a new function.
  const onCloseRef = useLatest(onClose);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    const returnFocusTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // The browser would focus the title bar's close button; start in the content instead.
    const target = initialFocusRef?.current ?? dialog.querySelector<HTMLElement>(`.dialog-body :is(${FOCUSABLE})`);
    target?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (returnFocusTo?.isConnected) returnFocusTo.focus();
    };
    // The ref object is stable, so this runs once per mount: the dialog is open exactly while it is mounted.
  }, [initialFocusRef]);

  return (
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions -- the modal <dialog> keeps Tab inside and closes on a backdrop click; its controls stay native
    <dialog
      ref={dialogRef}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className={['dialog', className].filter(Boolean).join(' ')}
      onCancel={(event) => {
        // React passes a nested dialog's events (a confirmation opened from this one) up its tree: Escape
        // there closes that dialog only.
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        onCloseRef.current();
      }}
      onKeyDown={wrapTab}
      onClick={(event) => {
        // The backdrop belongs to the <dialog> element: a click on it targets the dialog, outside its box (a
        // click, not the press: closing on the press would let the release put focus on the page below).
        if (!dismissOnBackdropPress || event.target !== event.currentTarget) return;
        const box = event.currentTarget.getBoundingClientRect();
        const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
        if (!inside) onCloseRef.current();
      }}
      onClose={(event) => {
        if (event.target !== event.currentTarget) return;
        // `close` fires asynchronously: the one queued by the effect's clean-up arrives after StrictMode's
        // remount has opened the dialog again (or after unmount, ref cleared) and must not close it.
        const dialog = dialogRef.current;
        if (!dialog || dialog.open) return;
        // The browser closed it itself (a repeated Escape it will not let the page refuse): it is open while
        // mounted, so it opens again and the owner decides (closing it, or asking first).
        dialog.showModal();
        onCloseRef.current();
      }}
    >
      <div className="dialog-header">
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        <div className="dialog-header-actions">
          {headerActions}
          <button type="button" className="btn btn-ghost btn-icon" aria-label="Close" title="Close" onClick={() => onCloseRef.current()}>
            <CloseIcon />
          </button>
        </div>
      </div>
      {description ? (
        <p id={descriptionId} className="dialog-description">
          {description}
        </p>
      ) : null}
      <div className="dialog-body">{children}</div>
    </dialog>
  );
}
