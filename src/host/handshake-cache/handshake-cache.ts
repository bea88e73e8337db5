/**
 * `HandshakeCache`: a warm invocation of a serverless host does not
 * handshake again (spec §4.2 step 5: the host caches provider, capabilities
 * and keys). Two tiers: this isolate's memory, then a pluggable async store
 * shared by isolates (KV, the Cache API). Entries are keyed by the host's
 * protocol version and the caller's key for the provider, expire after
 * `maxAgeMs`, and are dropped and renegotiated when the provider signals a
 * change (`signals.ts`). Entries in the store are sealed under the operator's
 * `storeKey` (`entry-seal.ts`): a store others can write cannot change what
 * consent permits or which keys judge answers.
 */
import type { HandshakeAck } from "../../protocol/envelope.ts";
import { PROTOCOL_VERSION } from "../../protocol/vocabulary.ts";
import { type ConnectOptions, type Negotiation, negotiate, resumeConnection } from "../connection/connection.ts";
import { HostError } from "../host-error.ts";
import type { ExchangeTransport } from "../transports/transport.ts";
import { CachedConnection, type HandshakeSource } from "./cached-connection.ts";
import { type CachedAck, decodeEntry, encodeEntry } from "./entry.ts";
import { type EntrySeal, entrySeal } from "./entry-seal.ts";
import { type BoundedStore, boundedStore } from "./bounded-store.ts";
import { MemoryTier } from "./memory-tier.ts";
import type { HandshakeStore } from "./store.ts";

/** How long a cached ack is used before a handshake confirms it (spec §4.2 step 5; default 10 minutes). */
export const DEFAULT_HANDSHAKE_MAX_AGE_MS = 10 * 60_000;
/** The bound on each call to the async store (default 1 s): a slow store costs a handshake, never a hang (spec §4.2 step 5). */
export const DEFAULT_STORE_TIMEOUT_MS = 1_000;
/** How many acks the memory tier keeps (default 256), least recently used first out (spec §4.2 step 5). */
export const DEFAULT_MEMORY_ENTRIES = 256;

/** Options for a `HandshakeCache` (spec §4.2 step 5). */
export interface HandshakeCacheOptions {
  /** The async tier (none: memory only); needs `storeKey`. */
  readonly store?: HandshakeStore;
  /**
   * The secret (at least 32 characters) entries in `store` are sealed with
   * (HMAC-SHA-256): every isolate sharing the store must be given the same one.
   * A `store` without it is a `RangeError`: an unsealed shared entry could
   * widen what consent permits (C1, C6).
   */
  readonly storeKey?: string;
  /** How long an ack is used (default `DEFAULT_HANDSHAKE_MAX_AGE_MS`). */
  readonly maxAgeMs?: number;
  /** The memory tier's size (default `DEFAULT_MEMORY_ENTRIES`). */
  readonly maxEntries?: number;
  /** The bound on each store call (default `DEFAULT_STORE_TIMEOUT_MS`). */
  readonly storeTimeoutMs?: number;
  /** The clock, in milliseconds (default `Date.now`). */
  readonly now?: () => number;
}

/** Options for one `HandshakeCache.connect`: those of `connect` (spec §4.2), and where to hand store writes. */
export interface CachedConnectOptions extends ConnectOptions {
  /**
   * Takes a store write or delete that need not hold up the caller (a
   * Worker's `ctx.waitUntil`); without it the cache awaits them (bounded).
   */
  readonly waitUntil?: (work: Promise<unknown>) => void;
}

/** Counters since the cache was made (spec §4.2 step 5): what its tiers saved and what they cost. */
export interface HandshakeCacheStats {
  readonly memoryHits: number;
  readonly storeHits: number;
  readonly handshakes: number;
  /** Handshakes a provider's signal forced on a cached connection. */
  readonly renegotiations: number;
  /** Store calls that failed or ran out of time (each is a miss, or a write lost). */
  readonly storeFailures: number;
}

type Counter = { -readonly [K in keyof HandshakeCacheStats]: number };

/** An option's value, or its default; one outside the rule is a `RangeError` naming it (a caller's mistake, caught at construction). */
function option(name: string, value: number | undefined, fallback: number, ok: (n: number) => boolean, rule: string) {
  if (value === undefined) return fallback;
  if (!ok(value)) throw new RangeError(`HandshakeCache: ${name} must be ${rule}`);
  return value;
}

const finite = (n: number) => Number.isFinite(n);

/** A handshake cache (spec §4.2 step 5) for exchange transports (HTTP): see the module comment. */
export class HandshakeCache {
  readonly #memory: MemoryTier;
  readonly #store: { readonly tier: BoundedStore; readonly seal: EntrySeal } | undefined;
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  readonly #stats: Counter = { memoryHits: 0, storeHits: 0, handshakes: 0, renegotiations: 0, storeFailures: 0 };

  constructor(options: HandshakeCacheOptions = {}) {
    const maxAge = option(
      "maxAgeMs",
      options.maxAgeMs,
      DEFAULT_HANDSHAKE_MAX_AGE_MS,
      (n) => finite(n) && n >= 0,
      "a finite number ≥ 0",
    );
    const entries = option(
      "maxEntries",
      options.maxEntries,
      DEFAULT_MEMORY_ENTRIES,
      (n) => Number.isInteger(n) && n >= 1,
      "an integer ≥ 1",
    );
    const timeout = option(
      "storeTimeoutMs",
      options.storeTimeoutMs,
      DEFAULT_STORE_TIMEOUT_MS,
      (n) => finite(n) && n > 0,
      "a finite number > 0",
    );
    this.#maxAgeMs = maxAge;
    this.#memory = new MemoryTier(entries, maxAge);
    if (options.store && options.storeKey === undefined)
      throw new RangeError("HandshakeCache: a store needs storeKey, the secret its entries are sealed with");
    this.#store = options.store && {
      tier: boundedStore(options.store, timeout, () => void this.#stats.storeFailures++),
      seal: entrySeal(options.storeKey!),
    };
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
   * thrown as `connect` throws it, and nothing is cached. A stream transport
   * is `invalid_request`: a stream is a session with its own handshake.
   */
  async connect(
    key: string,
    transport: ExchangeTransport,
    options: CachedConnectOptions = {},
  ): Promise<CachedConnection> {
    // A caller without types may hand over a stream: refused before anything is sent.
    if ((transport as { kind: string }).kind !== "exchange")
      throw new HostError(
        "invalid_request",
        "the handshake cache resumes exchange transports only: a stream starts with its own handshake",
      );
    const hostVersion = options.hostVersion ?? PROTOCOL_VERSION;
    const slot = JSON.stringify([hostVersion, key]);
    const renegotiate = async () => {
      this.#stats.renegotiations++;
      await this.#forget(slot, options);
      return this.#negotiate(slot, hostVersion, transport, options);
    };
    const memory = this.#memory.get(slot, this.#now());
    const cached = memory ?? (await this.#fromStore(slot, hostVersion));
    const source: HandshakeSource = memory ? "memory" : "store";
    const resumed = cached && this.#resume(cached.ack, transport, options);
    if (resumed) {
      this.#stats[source === "memory" ? "memoryHits" : "storeHits"]++;
      if (source === "store") this.#memory.set(slot, cached);
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

  /** A handshake, its ack kept in memory and (when it fits) written to the store. */
  async #negotiate(slot: string, hostVersion: string, transport: ExchangeTransport, options: CachedConnectOptions) {
    this.#stats.handshakes++;
    const negotiated = await negotiate(transport, options);
    const storedAt = this.#now();
    this.#memory.set(slot, { ack: negotiated.ack, storedAt });
    const store = this.#store;
    const text = store && (await encodeEntry(negotiated.ack, hostVersion, storedAt, store.seal));
    if (store && text !== undefined)
      await this.#settle(options, store.tier.write(slot, text, Math.ceil(this.#maxAgeMs / 1000)));
    return negotiated;
  }

  async #fromStore(slot: string, hostVersion: string): Promise<CachedAck | undefined> {
    const store = this.#store;
    const text = await store?.tier.read(slot);
    if (!store || text === undefined) return undefined;
    return decodeEntry(text, hostVersion, store.seal, { now: this.#now(), maxAgeMs: this.#maxAgeMs });
  }

  async #forget(slot: string, options: CachedConnectOptions): Promise<void> {
    this.#memory.delete(slot);
    if (this.#store) await this.#settle(options, this.#store.tier.remove(slot));
  }

  /** A store write: handed to `waitUntil` when given, else awaited (it is bounded either way). */
  async #settle(options: CachedConnectOptions, work: Promise<void>): Promise<void> {
    if (options.waitUntil) options.waitUntil(work);
    else await work;
  }
}
