/** The handshake cache's memory tier (spec §4.2 step 5): this isolate's acks, bounded, least recently used out first. */
import type { CachedAck } from "./entry.ts";

/** At most `maxEntries` acks by slot; an ack older than `maxAgeMs` is never handed out. */
export class MemoryTier {
  readonly #entries = new Map<string, CachedAck>();
  readonly #maxEntries: number;
  readonly #maxAgeMs: number;

  constructor(maxEntries: number, maxAgeMs: number) {
    this.#maxEntries = maxEntries;
    this.#maxAgeMs = maxAgeMs;
  }

  /** The ack for `slot` if it is younger than `maxAgeMs` at `now` (then it becomes the most recently used). */
  get(slot: string, now: number): CachedAck | undefined {
    const entry = this.#entries.get(slot);
    if (entry === undefined) return undefined;
    this.#entries.delete(slot);
    if (now - entry.storedAt >= this.#maxAgeMs) return undefined;
    this.#entries.set(slot, entry);
    return entry;
  }

  /** Keeps `entry` for `slot`, evicting the least recently used past `maxEntries`. */
  set(slot: string, entry: CachedAck): void {
    this.#entries.delete(slot);
    this.#entries.set(slot, entry);
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.#maxEntries) break;
      this.#entries.delete(oldest);
    }
  }

  delete(slot: string): void {
    this.#entries.delete(slot);
  }
}
