import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { createLocalStore, parseStored } from './local-store';

const schema = z.object({ connected: z.boolean(), names: z.array(z.string()) });
const defaults = { connected: false, names: ['a'] };

describe('parseStored', () => {
  it('reads a stored value that fits the schema', () => {
    expect(parseStored(JSON.stringify({ connected: true, names: [] }), schema, defaults)).toEqual({ connected: true, names: [] });
  });

  it('falls back to the defaults when nothing, unreadable JSON or a value of the wrong shape is stored', () => {
    expect(parseStored(null, schema, defaults)).toBe(defaults);
    expect(parseStored('{not json', schema, defaults)).toBe(defaults);
    expect(parseStored(JSON.stringify({ connected: 'yes', names: [] }), schema, defaults)).toBe(defaults);
    expect(parseStored(JSON.stringify([true]), schema, defaults)).toBe(defaults);
    expect(parseStored('null', schema, defaults)).toBe(defaults);
  });

  it('gives a field the stored object lacks its default, and drops fields it does not know', () => {
    expect(parseStored(JSON.stringify({ connected: true, extra: 1 }), schema, defaults)).toEqual({ connected: true, names: ['a'] });
  });

  it('fills missing fields of nested objects too, but not items of arrays', () => {
    const nested = z.object({ settings: z.object({ a: z.boolean(), b: z.boolean() }), list: z.array(z.object({ id: z.string() })) });
    const nestedDefaults = { settings: { a: true, b: false }, list: [{ id: 'x' }] };
    expect(parseStored(JSON.stringify({ settings: { b: true } }), nested, nestedDefaults)).toEqual({ settings: { a: true, b: true }, list: [{ id: 'x' }] });
    expect(parseStored(JSON.stringify({ list: [{}] }), nested, nestedDefaults)).toBe(nestedDefaults);
  });
});

/** A fake window with a Map as localStorage, and its `storage` listeners. */
function fakeWindow(options: { failWrites?: boolean } = {}) {
  const items = new Map<string, string>();
  const listeners = new Set<(event: StorageEvent) => void>();
  const localStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (options.failWrites) throw new Error('QuotaExceededError');
      items.set(key, value);
    },
  };
  return {
    items,
    listeners,
    window: {
      localStorage,
      addEventListener: (_type: string, listener: (event: StorageEvent) => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: (event: StorageEvent) => void) => listeners.delete(listener),
    },
  };
}

describe('createLocalStore', () => {
  let fake: ReturnType<typeof fakeWindow>;
  beforeEach(() => {
    fake = fakeWindow();
    vi.stubGlobal('window', fake.window);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads the stored value once and keeps returning the same object until it changes', () => {
    fake.items.set('k', JSON.stringify({ connected: true, names: ['b'] }));
    const store = createLocalStore('k', schema, defaults);
    const first = store.get();
    expect(first).toEqual({ connected: true, names: ['b'] });
    expect(store.get()).toBe(first);
  });

  it('saves a change, tells the subscribers, and stops listening to other tabs when the last one leaves', () => {
    const store = createLocalStore('k', schema, defaults);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    expect(fake.listeners.size).toBe(1);
    store.update((current) => ({ ...current, connected: true }));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(JSON.parse(fake.items.get('k') ?? '')).toEqual({ connected: true, names: ['a'] });
    unsubscribe();
    expect(fake.listeners.size).toBe(0);
  });

  it('takes a change made in another tab, and the defaults when that tab cleared the storage', () => {
    const store = createLocalStore('k', schema, defaults);
    const listener = vi.fn();
    store.subscribe(listener);
    const send = (event: Partial<StorageEvent>) => fake.listeners.forEach((handle) => handle(event as StorageEvent));
    send({ key: 'other', newValue: 'x' });
    expect(listener).not.toHaveBeenCalled();
    send({ key: 'k', newValue: JSON.stringify({ connected: true, names: [] }) });
    expect(store.get()).toEqual({ connected: true, names: [] });
    send({ key: null, newValue: null });
    expect(store.get()).toBe(defaults);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('keeps working in memory when the storage refuses writes', () => {
    vi.stubGlobal('window', fakeWindow({ failWrites: true }).window);
    const store = createLocalStore('k', schema, defaults);
    store.update((current) => ({ ...current, connected: true }));
    expect(store.get().connected).toBe(true);
  });

  it('uses the defaults where there is no storage at all', () => {
    vi.stubGlobal('window', {});
    expect(createLocalStore('k', schema, defaults).get()).toBe(defaults);
  });
});
