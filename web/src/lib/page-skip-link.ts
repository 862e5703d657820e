import { useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * A page's own skip link (e.g. the project page's "Skip to board"), offered by the shell after "Skip to
 * content": skip links must come first in the tab order, before the sidebar and header a page sits below.
 */
export interface PageSkipLink {
  readonly label: string;
  readonly activate: () => void;
}

let current: PageSkipLink | null = null;
const listeners = new Set<() => void>();

function publish(next: PageSkipLink | null): void {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Offers a skip link while the calling page is mounted; `activate` moves focus to what it skips to. */
export function usePageSkipLink(label: string, activate: () => void): void {
  // The latest activate without publishing a new link on each render.
  const activateRef = useRef(activate);
  useEffect(() => {
    activateRef.current = activate;
  }, [activate]);
  useEffect(() => {
    const link: PageSkipLink = { label, activate: () => activateRef.current() };
    publish(link);
    return () => {
      if (current === link) publish(null);
    };
  }, [label]);
}

/** The skip link the page on screen offers, if any. */
export function usePageSkipLinkOffered(): PageSkipLink | null {
  return useSyncExternalStore(subscribe, () => current);
}
