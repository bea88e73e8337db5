/** The async tier of the handshake cache (spec §4.2 step 5): where a serverless host keeps acks between isolates. */

/**
 * A pluggable store of cached handshakes (spec §4.2 step 5): one string per key, with a time to
 * live. Workers KV (`kvHandshakeStore`), the Cache API
 * (`cacheApiHandshakeStore`), a database or anything else with these three
 * calls fits. The cache bounds every call in time, treats a failure as a
 * miss, and never trusts what it reads back: each entry is decoded and
 * checked again (see `decodeEntry`).
 */
export interface HandshakeStore {
  /** The value stored under `key`, or `undefined` (or `null`) when there is none. */
  get(key: string): Promise<string | undefined | null>;
  /** Stores `value` under `key` for about `ttlSeconds` (a hint: the cache checks the age itself). */
  put(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Removes `key` (a missing key is not an error). */
  delete(key: string): Promise<void>;
}

/** Options for `memoryHandshakeStore` (spec §4.2 step 5). */
export interface MemoryHandshakeStoreOptions {
  /** The most entries kept; the oldest goes first (default 1,024). */
  readonly maxEntries?: number;
  /** The clock, in milliseconds (default `Date.now`). */
  readonly now?: () => number;
}

/**
 * A `HandshakeStore` (spec §4.2 step 5) in memory, shared by every cache given it: for tests and
 * for a long-lived process with several caches. Entries expire after their
 * time to live and at most `maxEntries` are kept.
 */
export function memoryHandshakeStore(options: MemoryHandshakeStoreOptions = {}): HandshakeStore {
  const maxEntries = options.maxEntries ?? 1024;
  if (!Number.isInteger(maxEntries) || maxEntries < 1)
    throw new RangeError("memoryHandshakeStore: maxEntries must be an integer ≥ 1");
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: string; expiresAt: number }>();
  return {
    async get(key) {
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      if (entry.expiresAt > now()) return entry.value;
      entries.delete(key);
      return undefined;
    },
    async put(key, value, ttlSeconds) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + ttlSeconds * 1000 });
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
    },
    async delete(key) {
      entries.delete(key);
    },
  };
}
