import { useCallback, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useDismissOnOutsidePress } from '@/hooks/use-dismiss';
import './menu.css';

/**
 * A disclosure button with a small non-modal panel (for content that is not a list of commands).
 * Escape or a press outside closes it. The button is named by `buttonLabel`, or by the elements
 * `buttonLabelledBy` lists (a visible label and the button's own text, as a form control is named).
 * `children` may be a function of `close`, for content that closes the panel (an item that navigates).
 */
export function Popover({
  button,
  buttonLabel,
  buttonLabelledBy,
  buttonClassName,
  panelLabel,
  align = 'end',
  panelClassName,
  children,
}: {
  button: ReactNode;
  buttonClassName?: string;
  panelLabel: string;
  align?: 'start' | 'end';
  panelClassName?: string;
  children: ReactNode | ((close: () => void) => ReactNode);
} & ({ buttonLabel: string; buttonLabelledBy?: never } | { buttonLabelledBy: string; buttonLabel?: never })) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const dismiss = useCallback(() => setOpen(false), []);
  useDismissOnOutsidePress(rootRef, open, dismiss);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    }
  };

  return (
    // eslint-disable-next-line jsx-a11y-x/no-static-element-interactions -- Escape anywhere in the popover closes it; the wrapper itself takes no focus
    <div ref={rootRef} className="menu" onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName ?? 'btn btn-ghost'}
        aria-label={buttonLabel}
        aria-labelledby={buttonLabelledBy}
        title={buttonLabel}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {button}
      </button>
      {open ? (
        <section id={panelId} className={`menu-popover menu-popover-${align} popover-panel${panelClassName ? ` ${panelClassName}` : ''}`} aria-label={panelLabel}>
          {typeof children === 'function' ? children(dismiss) : children}
        </section>
      ) : null}
    </div>
  );
}
