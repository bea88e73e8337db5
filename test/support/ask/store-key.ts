// The secret the tests' handshake caches seal their store entries with, and an independent (node:crypto)
// re-implementation of the seal, so a test can edit one member of a stored entry and seal it again.
import { createHmac } from "node:crypto";

/** A store key of the required length (32 characters or more). */
export const STORE_KEY = "test-store-key-0123456789abcdef-0123";

/** `entry` with `mac` recomputed over [format, host_version, stored_at, ack] under `key`, as the cache documents. */
export function resealed(entry: Record<string, unknown>, key = STORE_KEY): Record<string, unknown> {
  const text = JSON.stringify([entry.format, entry.host_version, entry.stored_at, entry.ack]);
  return { ...entry, mac: createHmac("sha256", key).update(text, "utf8").digest("hex") };
}
