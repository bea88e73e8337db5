/** The handshake cache (spec §4.2 step 5): serverless hosts resume connections without a handshake. */
export {
  type CachedConnectOptions,
  DEFAULT_HANDSHAKE_MAX_AGE_MS,
  DEFAULT_MEMORY_ENTRIES,
  DEFAULT_STORE_TIMEOUT_MS,
  HandshakeCache,
  type HandshakeCacheOptions,
  type HandshakeCacheStats,
} from "./handshake-cache.ts";
export { CachedConnection, type HandshakeSource } from "./cached-connection.ts";
export type { IdentitySignal } from "./signals.ts";
export { type HandshakeStore, type MemoryHandshakeStoreOptions, memoryHandshakeStore } from "./store.ts";
export { type KvNamespaceLike, kvHandshakeStore } from "./kv-store.ts";
export { cacheApiHandshakeStore } from "./cache-api-store.ts";
export { MIN_STORE_KEY_CHARS } from "./entry-seal.ts";
