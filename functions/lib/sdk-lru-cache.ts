/**
 * What the Lambda bundles give the AWS SDK where it asks for mnemonist's LRU cache (an esbuild alias in
 * infra/constructs/bundling.ts): every DynamoDB client makes an endpoint cache for endpoint discovery
 * (@aws-sdk/endpoint-cache), which is off here, and mnemonist's cache with the iterator library under it
 * was 7 KB of every function. This is the same least-recently-used map, with the methods that cache calls
 * (get, peek, has, set, clear); tests/infra/bundle-aliases.test.ts runs the endpoint cache on it as bundled.
 */
export default class LruCache<K, V> {
  // A Map iterates in insertion order: its first key is the least recently used one.
  readonly #entries = new Map<K, { readonly value: V }>();
  readonly #capacity: number;

  constructor(capacity: number) {
    // As mnemonist's: a cache that can hold nothing is a mistake of the caller.
    if (!(capacity > 0)) throw new Error('LruCache: the capacity must be a positive number');
    this.#capacity = capacity;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The value, now the most recently used. */
  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** The value, leaving the order as it is. */
  peek(key: K): V | undefined {
    return this.#entries.get(key)?.value;
  }

  has(key: K): boolean {
    return this.#entries.has(key);
  }

  /** Stores the value as the most recently used, dropping the least recently used one beyond the capacity. */
  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value });
    if (this.#entries.size <= this.#capacity) return;
    const oldest = this.#entries.keys().next();
    if (!oldest.done) this.#entries.delete(oldest.value);
  }

  clear(): void {
    this.#entries.clear();
  }
}
