import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';
import { Link } from 'react-router-dom';
import { CheckIcon } from './icons';
import { useDismissOnOutsidePress } from '@/hooks/use-dismiss';
import './menu.css';

/**
 * A menu button after the WAI-ARIA pattern: the button has aria-haspopup/aria-expanded; the popup has
 * role="menu" with menuitem / menuitemradio children. Opening moves focus into the menu (to the checked
 * item, else the first); Arrow keys, Home and End move; Escape closes and returns focus to the button;
 * Tab or a press outside closes.
 */

interface MenuContextValue {
  close: (options?: { focusButton?: boolean }) => void;
}

const MenuContext = createContext<MenuContextValue | null>(null);

function useMenuContext(): MenuContextValue {
  const context = useContext(MenuContext);
  if (!context) throw new Error('Menu items must be used within a Menu');
  return context;
}

const ITEM_SELECTOR = '[role="menuitem"], [role="menuitemradio"], [role="menuitemcheckbox"]';

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>(ITEM_SELECTOR)).filter((item) => item.getAttribute('aria-disabled') !== 'true') : [];
}

/** The gap between the button and its menu, in CSS pixels. */
const MENU_GAP = 6;

/**
 * Places an open menu (in the top layer) under its button, on `align`'s side — its left edge under the button's
 * left edge (start) or its right under the right (end) — or on the other side, or above the button, where that
 * side would leave the window.
 */
function placeMenu(popover: HTMLElement, button: HTMLElement, align: 'start' | 'end'): void {
  const anchor = button.getBoundingClientRect();
  const { offsetWidth: width, offsetHeight: height } = popover;
  const fitsStart = anchor.left + width <= window.innerWidth;
  const fitsEnd = anchor.right - width >= 0;
  const side = align === 'end' ? (fitsEnd || !fitsStart ? 'end' : 'start') : fitsStart || !fitsEnd ? 'start' : 'end';
  const left = side === 'end' ? anchor.right - width : anchor.left;
  const below = anchor.bottom + MENU_GAP;
  const above = anchor.top - MENU_GAP - height;
  popover.style.left = `${Math.max(0, Math.min(left, window.innerWidth - width))}px`;
  popover.style.top = `${below + height > window.innerHeight && above >= 0 ? above : below}px`;
}

export interface MenuProps {
  /** Content of the trigger button. */
  button: ReactNode;
  /** Accessible name of the button when its content is not a text (an icon, initials). */
  buttonLabel?: string;
  buttonClassName?: string;
  /** Tooltip of the button. */
  buttonTitle?: string;
  /** Accessible name of the menu; defaults to the button's. */
  menuLabel?: string;
  /** Non-interactive content above the items (a title, the signed-in user). */
  header?: ReactNode;
  align?: 'start' | 'end';
  className?: string;
  /** -1 keeps the button out of the Tab order when a composite (a task card) is the one stop and opens it. */
  buttonTabIndex?: number;
  /** The trigger button, for a composite that opens the menu by a shortcut. */
  buttonRef?: Ref<HTMLButtonElement>;
  /** Where focus goes back when the menu closes by Escape or a choice; the button by default. */
  returnFocusRef?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/** Points a ref given from outside at the same button as the menu's own. */
function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

export function Menu({
  button,
  buttonLabel,
  buttonClassName,
  buttonTitle,
  menuLabel,
  header,
  align = 'start',
  className,
  buttonTabIndex,
  buttonRef: outerButtonRef,
  returnFocusRef,
  children,
}: MenuProps) {
  const [open, setOpen] = useState(false);
  const [focusTarget, setFocusTarget] = useState<'first' | 'last'>('first');
  const rootRef = useRef<HTMLDivElement>(null);
  const popoverRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonId = useId();
  const menuId = useId();

  const close = useCallback(
    (options?: { focusButton?: boolean }) => {
      setOpen(false);
      if (options?.focusButton) (returnFocusRef?.current ?? buttonRef.current)?.focus();
    },
    [returnFocusRef],
  );
  const setButton = useCallback(
    (node: HTMLButtonElement | null) => {
      buttonRef.current = node;
      assignRef(outerButtonRef, node);
    },
    [outerButtonRef],
  );
  const dismiss = useCallback(() => setOpen(false), []);
  useDismissOnOutsidePress(rootRef, open, dismiss);

  useEffect(() => {
    if (!open) return;
    const items = menuItems(menuRef.current);
    const checked = items.find((item) => item.getAttribute('aria-checked') === 'true');
    const target = focusTarget === 'last' ? items.at(-1) : (checked ?? items[0]);
    target?.focus();
  }, [open, focusTarget]);

  // Open, the menu is in the top layer (the Popover API), where no board column, scroll box or contained card
  // around its button cuts it off; it follows the button as the page scrolls.
  useLayoutEffect(() => {
    const popover = popoverRef.current;
    const anchor = buttonRef.current;
    if (!open || !popover || !anchor) return;
    if (typeof popover.showPopover === 'function') popover.showPopover();
    const place = () => placeMenu(popover, anchor, align);
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [open, align]);

  const openWith = (target: 'first' | 'last') => {
    setFocusTarget(target);
    setOpen(true);
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openWith('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openWith('last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = menuItems(menuRef.current);
    const index = items.findIndex((item) => item === document.activeElement);
    const focusAt = (next: number) => items[(next + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index < 0 ? items.length - 1 : index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(items.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close({ focusButton: true });
        break;
      case 'Tab':
        close();
        break;
      default:
        break;
    }
  };

  return (
    <div ref={rootRef} className={['menu', className].filter(Boolean).join(' ')}>
      <button
        ref={setButton}
        id={buttonId}
        type="button"
        tabIndex={buttonTabIndex}
        className={buttonClassName ?? 'btn btn-ghost'}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={buttonLabel}
        title={buttonTitle}
        onClick={() => (open ? close() : openWith('first'))}
        onKeyDown={onButtonKeyDown}
      >
        {button}
      </button>
      {open ? (
        <div ref={popoverRef} popover="manual" className="menu-popover">
          {header ? <div className="menu-header">{header}</div> : null}
          <MenuContext.Provider value={{ close }}>
            {/* eslint-disable-next-line jsx-a11y-x/interactive-supports-focus -- focus goes to the menu items (roving focus), not to the menu around them */}
            <div
              ref={menuRef}
              id={menuId}
              role="menu"
              aria-label={menuLabel}
              aria-labelledby={menuLabel ? undefined : buttonId}
              className="menu-list"
              onKeyDown={onMenuKeyDown}
            >
              {children}
            </div>
          </MenuContext.Provider>
        </div>
      ) : null}
    </div>
  );
}

/** The icon (if any) and the text of an item. */
function MenuItemContent({ icon, children }: { icon?: ReactNode; children: ReactNode }) {
  return (
    <>
      {icon ? <span className="menu-item-icon">{icon}</span> : null}
      <span className="menu-item-text">{children}</span>
    </>
  );
}

/** A button item: choosing it closes the menu, focus back on the menu button, then runs onSelect. */
function MenuItemButton({
  role,
  checked,
  onSelect,
  children,
}: {
  role: 'menuitem' | 'menuitemradio' | 'menuitemcheckbox';
  checked?: boolean;
  onSelect: () => void;
  children: ReactNode;
}) {
  const { close } = useMenuContext();
  return (
    <button
      type="button"
      role={role}
      aria-checked={checked}
      tabIndex={-1}
      className="menu-item"
      onClick={() => {
        close({ focusButton: true });
        onSelect();
      }}
    >
      {children}
    </button>
  );
}

export function MenuItem({ children, onSelect, icon }: { children: ReactNode; onSelect: () => void; icon?: ReactNode }) {
  return (
    <MenuItemButton role="menuitem" onSelect={onSelect}>
      <MenuItemContent icon={icon}>{children}</MenuItemContent>
    </MenuItemButton>
  );
}

export function MenuLink({ children, to, icon }: { children: ReactNode; to: string; icon?: ReactNode }) {
  const { close } = useMenuContext();
  return (
    <Link role="menuitem" tabIndex={-1} className="menu-item" to={to} onClick={() => close()}>
      <MenuItemContent icon={icon}>{children}</MenuItemContent>
    </Link>
  );
}

export function MenuItemRadio({ children, checked, onSelect, icon }: { children: ReactNode; checked: boolean; onSelect: () => void; icon?: ReactNode }) {
  return (
    <MenuItemButton role="menuitemradio" checked={checked} onSelect={onSelect}>
      <MenuItemContent icon={icon}>{children}</MenuItemContent>
      <span className="menu-item-check">{checked ? <CheckIcon /> : null}</span>
    </MenuItemButton>
  );
}

/** An on/off item: it stays a toggle (aria-checked) when its button folds into a menu. */
export function MenuItemCheckbox({ children, checked, onSelect, icon }: { children: ReactNode; checked: boolean; onSelect: () => void; icon?: ReactNode }) {
  return (
    <MenuItemButton role="menuitemcheckbox" checked={checked} onSelect={onSelect}>
      <MenuItemContent icon={icon}>{children}</MenuItemContent>
      <span className="menu-item-check">{checked ? <CheckIcon /> : null}</span>
    </MenuItemButton>
  );
}

export function MenuGroup({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label}>
      {children}
    </div>
  );
}

export function MenuSeparator() {
  return <div role="separator" className="menu-separator" />;
}
