/**
 * The handshake cache's async tier, made safe to call (spec §4.2 step 5): every
 * call settles within a time bound and never rejects, and keys are digests.
 */
import { toHex, utf8Bytes } from "../../attest/bytes.ts";
import { sha256 } from "../../attest/hash.ts";
import type { HandshakeStore } from "./store.ts";

const TIMED_OUT: unique symbol = Symbol("timed out");

/** The store key of a slot: a SHA-256 of it, so a provider URL (which may carry a secret) is never stored as a key. */
function storeKey(slot: string): string {
  return `frameline-handshake:${toHex(sha256(utf8Bytes(slot)))}`;
}

/** A store's three calls by slot, each bounded: a failure or a timeout is reported to `onFailure` and reads as nothing. */
export interface BoundedStore {
  read(slot: string): Promise<string | undefined>;
  write(slot: string, value: string, ttlSeconds: number): Promise<void>;
  remove(slot: string): Promise<void>;
}

/** `store` under `timeoutMs` per call; nothing it does can throw into, or hold up, the cache for longer. */
export function boundedStore(store: HandshakeStore, timeoutMs: number, onFailure: () => void): BoundedStore {
  async function bounded<T>(work: () => Promise<T>): Promise<T | undefined> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
      timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
    });
    try {
      const outcome = await Promise.race([work(), timeout]);
      if (outcome !== TIMED_OUT) return outcome;
    } catch {
      // reported below, like a timeout: the store is best effort
    } finally {
      if (timer !== undefined) clearTimeout(timer);
    }
    onFailure();
    return undefined;
  }
  return {
    read: async (slot) => {
      const value = await bounded(() => store.get(storeKey(slot)));
      return typeof value === "string" ? value : undefined;
    },
    write: async (slot, value, ttlSeconds) => {
      await bounded(() => store.put(storeKey(slot), value, ttlSeconds));
    },
    remove: async (slot) => {
      await bounded(() => store.delete(storeKey(slot)));
    },
  };
}
