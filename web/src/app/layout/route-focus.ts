import { useEffect, useRef, type RefObject } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';

/**
 * The page a path shows. The task dialog's URL (/projects/{id}/tasks/{taskId}) opens above its project's
 * page, so both count as the project page: the dialog manages focus itself (in on open, back on close).
 */
export function pageOf(pathname: string): string {
  const task = matchPath(paths.app.projectTask.path, pathname);
  if (task?.params.projectId) return paths.app.project.getHref(task.params.projectId);
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * The history entry the browser opened (also after a reload, which keeps the entry's key): no move there.
 * Module state, not a ref, because the shell remounts on in-app moves through routes outside it (/).
 */
let openedEntryKey: string | undefined;

// How long after a route change a late heading still takes focus.
const HEADING_WAIT_MS = 5000;

/**
 * On a client-side move to another page, focus goes to that page's main heading (or, until it shows, the
 * main region), so screen readers announce the new page and the next Tab starts in it rather than at the
 * link that was clicked. The page the browser opened is left alone: focus starts at the top of the document.
 */
export function useRouteFocus(mainRef: RefObject<HTMLElement | null>): void {
  const location = useLocation();
  const page = pageOf(location.pathname);
  // Read, not a dependency: a new entry of the same page (the task dialog's URL) is no page change.
  const entryKey = useRef(location.key);
  useEffect(() => {
    entryKey.current = location.key;
  }, [location.key]);

  useEffect(() => {
    const main = mainRef.current;
    openedEntryKey ??= entryKey.current;
    if (!main || entryKey.current === openedEntryKey) return undefined;

    // Focus may still be "ours" to move: on the main region, or dropped to <body> because the page swapped
    // its loading state for its content. Anywhere else the user put it, and it stays.
    const focusIsOurs = () => document.activeElement === main || document.activeElement === document.body;
    const focusHeading = () => {
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading || !focusIsOurs()) return;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    };

    main.focus({ preventScroll: true });
    focusHeading();
    // A page that loads its data shows (or re-renders) its heading a moment later.
    const observer = new MutationObserver(focusHeading);
    observer.observe(main, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [mainRef, page]);
}
