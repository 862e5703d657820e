/**
 * A tab opened before a deploy asks for the lazy chunks of its own build. They are kept (the deploy does not
 * prune them), but should one be gone anyway (a rebuilt bucket, a lost file), Vite reports it as
 * `vite:preloadError` and the page would stop at the error screen: the tab reloads instead, onto the new
 * build, if the site answers (offline, or with the site down, a reload would leave only the browser's own
 * error page). Only once a minute, so a file that is really missing still shows the error screen rather
 * than reloading for ever.
 */

/** sessionStorage: when this tab last reloaded for a missing chunk (milliseconds since the epoch). */
export const STALE_BUILD_RELOAD_KEY = 'staleBuildReloadAt';
export const RELOAD_AGAIN_AFTER_MS = 60_000;

export interface StaleBuildDependencies {
  readonly events: Pick<EventTarget, 'addEventListener'>;
  readonly storage: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  readonly siteAnswers: () => Promise<boolean>;
  readonly reload: () => void;
  readonly now: () => number;
}

function sessionStorageOrNone(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

async function siteAnswers(): Promise<boolean> {
  try {
    return (await fetch('/', { method: 'HEAD', cache: 'no-store' })).ok;
  } catch {
    return false;
  }
}

export function reloadWhenChunksAreMissing(
  dependencies: StaleBuildDependencies = {
    events: window,
    storage: sessionStorageOrNone(),
    siteAnswers,
    reload: () => window.location.reload(),
    now: () => Date.now(),
  },
): void {
  const { events, storage, reload, now } = dependencies;
  const reloadedRecently = (): boolean => {
    // Without storage the tab could not tell a second failure from the first: the error screen shows.
    if (!storage) return true;
    try {
      return now() - Number(storage.getItem(STALE_BUILD_RELOAD_KEY) ?? Number.NaN) < RELOAD_AGAIN_AFTER_MS;
    } catch {
      return true;
    }
  };
  events.addEventListener('vite:preloadError', () => {
    if (reloadedRecently()) return;
    void dependencies.siteAnswers().then((answers) => {
      if (!answers || reloadedRecently()) return;
      try {
        storage?.setItem(STALE_BUILD_RELOAD_KEY, String(now()));
      } catch {
        return;
      }
      reload();
    });
  });
}
