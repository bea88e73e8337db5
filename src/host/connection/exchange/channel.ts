/** `Channel`: the one interface a connection drives, whatever the transport (spec §4.3, §4.4). */
import type { EnvelopeInit } from "../../../protocol/envelope.ts";
import type { HostError } from "../../host-error.ts";
import type { Waiter } from "../pending.ts";

/** One request on its way out: the envelope, and the correlation id it carries (none ⇒ lock-step, spec §4.3). */
export interface OutgoingRequest {
  readonly envelope: EnvelopeInit;
  readonly id: string | undefined;
}

/**
 * How requests travel to one provider (spec §4.3): multiplexed over one
 * stream with replies routed by id (`multiplexedChannel`), or one exchange
 * per request (`perRequestChannel`: HTTP, in-page). The connection above it
 * reads the same either way: handshake, then requests, then close.
 */
export interface Channel {
  /** Every HTTP provider counts as egress, whatever it claims (C4). */
  readonly forcesEgress: boolean;
  /** Whether a request sent under `id` still waits for its reply (H4: one id names one request in flight). */
  waiting(id: string): boolean;
  /** Sends `request`; its reply or its failure goes to `waiter`. `signal` aborts the request's own I/O. */
  send(request: OutgoingRequest, waiter: Waiter, signal: AbortSignal): void;
  /** Forgets a request that settled some other way (timeout, abort): a late reply to it is dropped. */
  withdraw(request: OutgoingRequest, waiter: Waiter): void;
  /** Says goodbye with `shutdown`, best effort (spec §1.11); `signal` ends the wait for it. */
  shutdown(signal: AbortSignal): Promise<void>;
  /** Fails whatever still waits with `reason` and releases the transport, politely (may wait on the provider). */
  close(reason: HostError): Promise<void>;
  /** Fails whatever still waits with `reason` and ends the transport at once, for a provider that stopped listening. */
  terminate(reason: HostError): Promise<void>;
}
