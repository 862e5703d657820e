/**
 * Keeps keyboard focus on the page when the focused control goes away under it: a task completed or a row
 * deleted leaves the list, a button is disabled while its write runs. The browser then drops focus to the
 * document's start, and a keyboard or screen reader user has to find their place again. Instead, focus
 * moves to the same spot in the list: the next row's first control, else the previous row's, else the
 * list itself. A control the user left on purpose (a click elsewhere, Tab) is not followed.
 */
const ROW = 'li, tr, article, [role="row"], [role="group"]';
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface Focused {
  readonly element: Element;
  /** Where focus goes if the element is removed or disabled: its row's neighbours, then the row's list. */
  readonly places: readonly Element[];
}

function placesAround(element: Element): Element[] {
  const row = element.closest(ROW);
  if (!row) return [];
  return [row.nextElementSibling, row.previousElementSibling, row.parentElement].filter((place): place is Element => place !== null);
}

function isGone(element: Element): boolean {
  return !element.isConnected || (element instanceof HTMLButtonElement && element.disabled) || element.closest('[hidden], [inert]') !== null;
}

function focusIn(place: Element): boolean {
  const target = place.matches(FOCUSABLE) ? place : place.querySelector(FOCUSABLE);
  if (!(target instanceof HTMLElement)) return false;
  target.focus();
  return document.activeElement === target;
}

export function rescueLostFocus(root: HTMLElement = document.body): () => void {
  let focused: Focused | null = null;
  const onFocusIn = (event: FocusEvent) => {
    if (event.target instanceof Element) focused = { element: event.target, places: placesAround(event.target) };
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
    const { places } = focused;
    focused = null;
    for (const place of places) if (place.isConnected && focusIn(place)) return;
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
