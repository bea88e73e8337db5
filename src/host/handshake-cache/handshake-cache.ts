/**
 * `HandshakeCache`: a warm invocation of a serverless host does not
 * handshake again (spec §4.2 step 5: the host caches provider, capabilities
 * and keys). Two tiers: this isolate's memory, then a pluggable async store
 * shared by isolates (KV, the Cache API). Entries are keyed by the host's
 * protocol version and the caller's key for the provider, expire after
 * `maxAgeMs`, and are dropped and renegotiated when the provider signals a
 * change (`signals.ts`).
 */
import type { HandshakeAck } from "../../protocol/envelope.ts";
import { PROTOCOL_VERSION } from "../../protocol/vocabulary.ts";
import { type ConnectOptions, type Negotiation, negotiate, resumeConnection } from "../connection.ts";
import type { ExchangeTransport } from "../transports/transport.ts";
import { CachedConnection, type HandshakeSource } from "./cached-connection.ts";
import { type CachedAck, decodeEntry, encodeEntry } from "./entry.ts";
import type { HandshakeStore } from "./store.ts";

/** How long a cached ack is used before a handshake confirms it (default 10 minutes). */
export const DEFAULT_HANDSHAKE_MAX_AGE_MS = 10 * 60_000;
/** The bound on each call to the async store (default 1 s): a slow store costs a handshake, never a hang. */
export const DEFAULT_STORE_TIMEOUT_MS = 1_000;
/** How many acks the memory tier keeps (default 256), least recently used first out. */
export const DEFAULT_MEMORY_ENTRIES = 256;

/** Options for a `HandshakeCache`. */
export interface HandshakeCacheOptions {
  /** The async tier (none: memory only). */
  readonly store?: HandshakeStore;
  /** How long an ack is used (default `DEFAULT_HANDSHAKE_MAX_AGE_MS`). */
  readonly maxAgeMs?: number;
  /** The memory tier's size (default `DEFAULT_MEMORY_ENTRIES`). */
  readonly maxEntries?: number;
  /** The bound on each store call (default `DEFAULT_STORE_TIMEOUT_MS`). */
  readonly storeTimeoutMs?: number;
  /** The clock, in milliseconds (default `Date.now`). */
  readonly now?: () => number;
}

/** Options for one `HandshakeCache.connect`: those of `connect`, and where to hand store writes. */
export interface CachedConnectOptions extends ConnectOptions {
  /**
   * Takes a store write or delete that need not hold up the caller (a
   * Worker's `ctx.waitUntil`); without it the cache awaits them (bounded).
   */
  readonly waitUntil?: (work: Promise<unknown>) => void;
}

/** Counters since the cache was made: what its tiers saved and what they cost. */
export interface HandshakeCacheStats {
  readonly memoryHits: number;
  readonly storeHits: number;
  readonly handshakes: number;
  /** Handshakes a provider's signal forced on a cached connection. */
  readonly renegotiations: number;
  /** Store calls that failed or ran out of time (each is a miss, or a write lost). */
  readonly storeFailures: number;
}

const TIMED_OUT: unique symbol = Symbol("timed out");

type Counter = { -readonly [K in keyof HandshakeCacheStats]: number };

/** The store key of a slot: a SHA-256 of it, so a provider URL (which may carry a secret) is never stored as a key. */
async function storeKey(slot: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(slot)));
  return `frameline-handshake:${Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

/** A handshake cache (spec §4.2 step 5) for exchange transports (HTTP): see the module comment. */
export class HandshakeCache {
  readonly #memory = new Map<string, CachedAck>();
  readonly #store: HandshakeStore | undefined;
  readonly #maxAgeMs: number;
  readonly #maxEntries: number;
  readonly #storeTimeoutMs: number;
  readonly #now: () => number;
  readonly #stats: Counter = { memoryHits: 0, storeHits: 0, handshakes: 0, renegotiations: 0, storeFailures: 0 };

  constructor(options: HandshakeCacheOptions = {}) {
    this.#store = options.store;
    this.#maxAgeMs = options.maxAgeMs ?? DEFAULT_HANDSHAKE_MAX_AGE_MS;
    this.#maxEntries = Math.max(1, options.maxEntries ?? DEFAULT_MEMORY_ENTRIES);
    this.#storeTimeoutMs = options.storeTimeoutMs ?? DEFAULT_STORE_TIMEOUT_MS;
    this.#now = options.now ?? Date.now;
  }

  /** A snapshot of the counters. */
  get stats(): HandshakeCacheStats {
    return { ...this.#stats };
  }

  /**
   * A connection to the provider `key` names (its URL, a service binding:
   * whatever identifies the endpoint to the caller) over `transport`: resumed
   * with nothing sent from an ack in memory, else from the store, else
   * negotiated by a handshake and cached in both. A handshake's failure is
   * thrown as `connect` throws it, and nothing is cached.
   */
  async connect(
    key: string,
    transport: ExchangeTransport,
    options: CachedConnectOptions = {},
  ): Promise<CachedConnection> {
    const hostVersion = options.hostVersion ?? PROTOCOL_VERSION;
    const slot = JSON.stringify([hostVersion, key]);
    const renegotiate = async () => {
      this.#stats.renegotiations++;
      await this.#forget(slot, options);
      return this.#negotiate(slot, hostVersion, transport, options);
    };
    const memory = this.#fromMemory(slot);
    const cached = memory ?? (await this.#fromStore(slot, hostVersion));
    const source: HandshakeSource = memory ? "memory" : "store";
    const resumed = cached && this.#resume(cached.ack, transport, options);
    if (resumed) {
      this.#stats[source === "memory" ? "memoryHits" : "storeHits"]++;
      if (source === "store") this.#remember(slot, cached);
      return new CachedConnection(resumed, source, renegotiate);
    }
    return new CachedConnection(await this.#negotiate(slot, hostVersion, transport, options), "handshake", renegotiate);
  }

  /** Drops the cached ack for `key` from both tiers (the next `connect` handshakes). */
  async invalidate(key: string, options: CachedConnectOptions = {}): Promise<void> {
    await this.#forget(JSON.stringify([options.hostVersion ?? PROTOCOL_VERSION, key]), options);
  }

  /** A resumed connection, or undefined when the ack is not accepted any more (then: a handshake). */
  #resume(ack: HandshakeAck, transport: ExchangeTransport, options: ConnectOptions): Negotiation | undefined {
    try {
      return { connection: resumeConnection(transport, ack, options), ack };
    } catch {
      return undefined;
    }
  }

  async #negotiate(
    slot: string,
    hostVersion: string,
    transport: ExchangeTransport,
    options: CachedConnectOptions,
  ): Promise<Negotiation> {
    this.#stats.handshakes++;
    const negotiated = await negotiate(transport, options);
    const entry = { ack: negotiated.ack, storedAt: this.#now() };
    this.#remember(slot, entry);
    const text = encodeEntry(entry.ack, hostVersion, entry.storedAt);
    if (this.#store && text !== undefined) {
      const store = this.#store;
      const ttlSeconds = Math.ceil(this.#maxAgeMs / 1000);
      await this.#settle(options, async () => store.put(await storeKey(slot), text, ttlSeconds));
    }
    return negotiated;
  }

  #fromMemory(slot: string): CachedAck | undefined {
    const entry = this.#memory.get(slot);
    if (entry === undefined) return undefined;
    this.#memory.delete(slot);
    if (this.#now() - entry.storedAt >= this.#maxAgeMs) return undefined;
    this.#memory.set(slot, entry); // most recently used last
    return entry;
  }

  #remember(slot: string, entry: CachedAck): void {
    this.#memory.delete(slot);
    this.#memory.set(slot, entry);
    for (const oldest of this.#memory.keys()) {
      if (this.#memory.size <= this.#maxEntries) break;
      this.#memory.delete(oldest);
    }
  }

  async #fromStore(slot: string, hostVersion: string): Promise<CachedAck | undefined> {
    const store = this.#store;
    if (store === undefined) return undefined;
    const text = await this.#bounded(async () => store.get(await storeKey(slot)));
    return typeof text === "string" ? decodeEntry(text, hostVersion, this.#now(), this.#maxAgeMs) : undefined;
  }

  async #forget(slot: string, options: CachedConnectOptions): Promise<void> {
    this.#memory.delete(slot);
    const store = this.#store;
    if (store) await this.#settle(options, async () => store.delete(await storeKey(slot)));
  }

  /** Runs a store write: handed to `waitUntil` when given, else awaited; bounded either way. */
  async #settle(options: CachedConnectOptions, work: () => Promise<void>): Promise<void> {
    const bounded = this.#bounded(work);
    if (options.waitUntil) options.waitUntil(bounded);
    else await bounded;
  }

  /** A store call under `storeTimeoutMs`; a failure or a timeout is counted and yields undefined. */
  async #bounded<T>(work: () => Promise<T>): Promise<T | undefined> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
      timer = setTimeout(() => resolve(TIMED_OUT), this.#storeTimeoutMs);
    });
    try {
      const outcome = await Promise.race([work(), timeout]);
      if (outcome !== TIMED_OUT) return outcome;
    } catch {
      // counted below, like a timeout: the store is best effort
    } finally {
      if (timer !== undefined) clearTimeout(timer);
    }
    this.#stats.storeFailures++;
    return undefined;
  }
}
