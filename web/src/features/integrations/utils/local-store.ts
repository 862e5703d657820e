import type { ZodMiniType } from 'zod/mini';

/**
 * The integration mock-ups keep their state in this browser (spec pages §1, §4: local only). A stored value
 * is read through its zod schema: an unreadable or corrupt one falls back to the defaults, and a field the
 * stored object lacks (state saved before that field existed, e.g. a new toggle) takes its default.
 */
export function parseStored<T>(raw: string | null, schema: ZodMiniType<T>, defaults: T): T {
  if (raw === null) return defaults;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return defaults;
  }
  const result = schema.safeParse(withDefaults(defaults, data));
  return result.success ? result.data : defaults;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `data` with the fields it lacks taken from `defaults`, in nested objects too (not in arrays). */
function withDefaults(defaults: unknown, data: unknown): unknown {
  if (!isRecord(defaults) || !isRecord(data)) return data;
  const merged: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(data)) merged[key] = key in defaults ? withDefaults(defaults[key], value) : value;
  return merged;
}

export interface LocalStore<T> {
  readonly get: () => T;
  readonly update: (change: (current: T) => T) => void;
  readonly subscribe: (listener: () => void) => () => void;
}

// Storage can be missing or refuse writes (private mode, quota): the state then lives for this visit only.
function readRaw(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeRaw(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Kept in memory only.
  }
}

/**
 * One localStorage entry as an external store for useSyncExternalStore: every screen that shows it sees
 * the same value, and a change made in another tab arrives through the `storage` event.
 */
export function createLocalStore<T>(key: string, schema: ZodMiniType<T>, defaults: T): LocalStore<T> {
  let current: T | undefined;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const onStorage = (event: StorageEvent) => {
    // A null key: the other tab cleared the whole storage.
    if (event.key !== key && event.key !== null) return;
    current = parseStored(event.key === null ? null : event.newValue, schema, defaults);
    notify();
  };

  const get = () => {
    current ??= parseStored(readRaw(key), schema, defaults);
    return current;
  };

  return {
    get,
    update: (change) => {
      current = change(get());
      writeRaw(key, JSON.stringify(current));
      notify();
    },
    subscribe: (listener) => {
      if (listeners.size === 0) window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('storage', onStorage);
      };
    },
  };
}
