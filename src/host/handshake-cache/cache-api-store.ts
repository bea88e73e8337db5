/** A handshake store over the Cache API (spec §4.2 step 5, the cache's async tier). */
import { readLimited } from "../transports/read-limited.ts";
import { MAX_ENTRY_CHARS } from "./entry.ts";
import type { HandshakeStore } from "./store.ts";

/**
 * The URL an entry is cached under. The Cache API keys on http(s) requests;
 * `.invalid` (RFC 6761) can never name a real host, so nothing is ever
 * fetched from it and no real page's cache entry is touched.
 */
function entryUrl(key: string): string {
  return `https://frameline-handshake-cache.invalid/${encodeURIComponent(key)}`;
}

/**
 * A `HandshakeStore` (spec §4.2 step 5) over a `Cache` (the Cache API: `caches.default` or
 * `await caches.open(name)` in a Worker, a service worker, Deno). Local to
 * one location in Workers, so it saves handshakes across isolates there; use
 * KV to share them everywhere.
 */
export function cacheApiHandshakeStore(cache: Cache): HandshakeStore {
  return {
    async get(key) {
      const response = await cache.match(entryUrl(key));
      // Bounded like every other read: an entry is at most MAX_ENTRY_CHARS UTF-16 units, so at most 3 bytes each.
      return response === undefined ? undefined : readLimited(response, 3 * MAX_ENTRY_CHARS);
    },
    async put(key, value, ttlSeconds) {
      const headers = {
        "content-type": "application/json",
        "cache-control": `max-age=${Math.max(1, Math.ceil(ttlSeconds))}`,
      };
      await cache.put(entryUrl(key), new Response(value, { headers }));
    },
    async delete(key) {
      await cache.delete(entryUrl(key));
    },
  };
}
