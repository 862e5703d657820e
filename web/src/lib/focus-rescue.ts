/**
 * Keeps keyboard focus on the page when the focused control goes away under it: a task completed or a row
 * deleted leaves the list, a button is disabled while its write runs. The browser then drops focus to the
 * document's start, and a keyboard or screen reader user has to find their place again. Instead, focus
 * stays at the same spot: in its row while the row is there (its first control, else the row itself: an
 * Undo that became its result must not hand focus to the next row's Undo), else the same control of the
 * next row (the one at the same place among the row's controls: after completing a task with its button,
 * the next task's button, not the checkbox before it), of the previous row, or the list's first. A control
 * the user left on purpose (a click elsewhere, Tab) is not followed.
 */
const ROW = 'li, tr, article, [role="row"], [role="group"]';
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface Focused {
  readonly element: Element;
  readonly row: Element | null;
  /** Its place among its row's controls. */
  readonly column: number;
  /** Where focus goes if the row is gone too: its neighbours, then its list. */
  readonly places: readonly Element[];
}

function controlsOf(place: Element): Element[] {
  return place.matches(FOCUSABLE) ? [place] : [...place.querySelectorAll(FOCUSABLE)];
}

function focusedIn(element: Element): Focused {
  const row = element.closest(ROW);
  const places = row ? [row.nextElementSibling, row.previousElementSibling, row.parentElement].filter((place): place is Element => place !== null) : [];
  return { element, row, column: row ? Math.max(0, controlsOf(row).indexOf(element)) : 0, places };
}

function isGone(element: Element): boolean {
  return !element.isConnected || (element instanceof HTMLButtonElement && element.disabled) || element.closest('[hidden], [inert]') !== null;
}

/** Focuses the control at `column` among the place's controls (its first when it has fewer). */
function focusIn(place: Element, column = 0): boolean {
  const controls = controlsOf(place);
  const target = controls[column] ?? controls[0];
  if (!(target instanceof HTMLElement)) return false;
  target.focus();
  return document.activeElement === target;
}

export function rescueLostFocus(root: HTMLElement = document.body): () => void {
  let focused: Focused | null = null;
  const onFocusIn = (event: FocusEvent) => {
    if (event.target instanceof Element) focused = focusedIn(event.target);
  };
  // A blur the user made (the control is still there and usable) means they went elsewhere on purpose.
  const onFocusOut = (event: FocusEvent) => {
    const left = event.target;
    setTimeout(() => {
      if (focused?.element === left && left instanceof Element && !isGone(left)) focused = null;
    });
  };
  const observer = new MutationObserver(() => {
    const active = document.activeElement;
    if (!focused || (active && active !== document.body) || !isGone(focused.element)) return;
    const { row, column, places } = focused;
    focused = null;
    if (row && !isGone(row)) {
      if (focusIn(row)) return;
      if (row instanceof HTMLElement) {
        row.tabIndex = -1;
        row.focus();
        return;
      }
    }
    // The same column in a neighbouring row; the list itself (the last place) from its start.
    for (const place of places) if (place.isConnected && focusIn(place, place === row?.parentElement ? 0 : column)) return;
  });
  root.addEventListener('focusin', onFocusIn);
  root.addEventListener('focusout', onFocusOut);
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled', 'hidden'] });
  return () => {
    observer.disconnect();
    root.removeEventListener('focusin', onFocusIn);
    root.removeEventListener('focusout', onFocusOut);
  };
}
