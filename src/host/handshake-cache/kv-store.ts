/** A handshake store over Workers KV (spec §4.2 step 5, the cache's async tier). */
import type { HandshakeStore } from "./store.ts";

/** The part of a Workers KV namespace `kvHandshakeStore` uses (spec §4.2 step 5; structural: no dependency on the Workers types). */
export interface KvNamespaceLike {
  get(key: string, type: "text"): Promise<string | null>;
  put(key: string, value: string, options?: { expirationTtl?: number }): Promise<void>;
  delete(key: string): Promise<void>;
}

/** KV refuses an `expirationTtl` under 60 seconds. */
const KV_MIN_TTL_SECONDS = 60;

/**
 * A `HandshakeStore` over a KV namespace (spec §4.2 step 5): shared by every isolate of every
 * location, eventually consistent (a write may take up to a minute to be seen
 * elsewhere, which only costs a handshake). TTLs below KV's 60-second minimum
 * are raised to it; the cache still checks each entry's age itself.
 */
export function kvHandshakeStore(namespace: KvNamespaceLike): HandshakeStore {
  return {
    get: (key) => namespace.get(key, "text"),
    put: (key, value, ttlSeconds) =>
      namespace.put(key, value, { expirationTtl: Math.max(KV_MIN_TTL_SECONDS, Math.ceil(ttlSeconds)) }),
    delete: (key) => namespace.delete(key),
  };
}
