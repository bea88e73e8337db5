/** The table of requests waiting for a reply on a stream connection (spec §4.3). */
import type { Envelope } from "../../protocol/envelope.ts";
import type { HostError } from "../host-error.ts";

/** One waiting request. */
export interface Waiter {
  resolve(reply: Envelope): void;
  reject(error: HostError): void;
}

/**
 * Waiters by correlation id, plus the single lock-step slot for id-less
 * exchanges. Registration happens before the request is written, so a fast
 * reply always finds its waiter (spec §4.3).
 */
export class PendingTable {
  readonly #byId = new Map<string, Waiter>();
  #lockStep: Waiter | undefined;
  #failed: HostError | undefined;

  /** Why the table stopped accepting requests, if it did. */
  get failure(): HostError | undefined {
    return this.#failed;
  }

  has(id: string): boolean {
    return this.#byId.has(id);
  }

  register(id: string | undefined, waiter: Waiter): void {
    if (this.#failed) {
      waiter.reject(this.#failed);
      return;
    }
    if (id === undefined) this.#lockStep = waiter;
    else this.#byId.set(id, waiter);
  }

  /** Forgets a waiter (timeout, abort): a late reply to it is dropped. */
  forget(id: string | undefined, waiter: Waiter): void {
    if (id === undefined) {
      if (this.#lockStep === waiter) this.#lockStep = undefined;
    } else if (this.#byId.get(id) === waiter) this.#byId.delete(id);
  }

  /**
   * Delivers a reply: `frames`/`error` with an id to its waiter; anything else
   * to the lock-step slot. Returns false when nobody waits for it (dropped).
   */
  deliver(reply: Envelope): boolean {
    const id = reply.type === "frames" || reply.type === "error" ? reply.id : undefined;
    const waiter = id === undefined ? this.#lockStep : this.#byId.get(id);
    if (!waiter) return false;
    if (id === undefined) this.#lockStep = undefined;
    else this.#byId.delete(id);
    waiter.resolve(reply);
    return true;
  }

  /** Fails every waiter at once and refuses new ones (end of stream, bad line, close). */
  failAll(error: HostError): void {
    this.#failed ??= error;
    const waiters = [...this.#byId.values(), ...(this.#lockStep ? [this.#lockStep] : [])];
    this.#byId.clear();
    this.#lockStep = undefined;
    for (const waiter of waiters) waiter.reject(error);
  }
}
