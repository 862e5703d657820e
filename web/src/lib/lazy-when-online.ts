import { lazy, type ComponentType } from 'react';

const backOnline = () => new Promise<void>((resolve) => window.addEventListener('online', () => resolve(), { once: true }));

/**
 * A component in a chunk of its own. Code that cannot arrive because the browser is offline is asked for
 * again once it is back (the Suspense fallback shows meanwhile) instead of ending at an error screen.
 */
// `any`, as in React's own type for lazy(): a component of whatever props; the one loaded keeps its own type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyWhenOnline<K extends string, C extends ComponentType<any>>(load: () => Promise<Record<NoInfer<K>, C>>, name: K) {
  const loadWhenOnline = () =>
    load().catch(async (error: unknown) => {
      if (navigator.onLine) throw error;
      await backOnline();
      return load();
    });
  return lazy(async () => ({ default: (await loadWhenOnline())[name] }));
}
