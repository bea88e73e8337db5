/** `request`: one request and its reply, under a timeout and an abort signal, settled exactly once (spec §4.3). */
import type { Envelope } from "../../../protocol/envelope.ts";
import { HostError } from "../../host-error.ts";
import type { Waiter } from "../pending.ts";
import type { Channel, OutgoingRequest } from "./channel.ts";

/** A request and the limits it runs under. */
export interface RequestSpec extends OutgoingRequest {
  readonly signal: AbortSignal | undefined;
  readonly timeoutMs: number;
  /** The error a timeout reports (a handshake and a query time out differently, spec §4.2). */
  readonly onTimeout: () => HostError;
}

/**
 * Sends one request over `channel` and resolves with its reply, or rejects
 * with a `HostError`. Its first outcome (the reply, a transport failure, the
 * timeout or the caller's abort) settles the promise, clears the timer and the
 * abort listener and withdraws it from the channel. A later outcome changes
 * nothing: the promise has settled, and the clean-up is idempotent (withdrawing
 * forgets only this request's own waiter). So a reply racing a timeout
 * resolves or rejects, never both.
 */
export function request(channel: Channel, spec: RequestSpec): Promise<Envelope> {
  return new Promise<Envelope>((resolve, reject) => {
    const io = new AbortController();
    const settle = (outcome: () => void) => {
      clearTimeout(timer);
      spec.signal?.removeEventListener("abort", onAbort);
      channel.withdraw(spec, waiter);
      outcome();
    };
    const waiter: Waiter = {
      resolve: (reply) => settle(() => resolve(reply)),
      reject: (error) => settle(() => reject(error)),
    };
    const stop = (error: HostError) => {
      io.abort();
      waiter.reject(error);
    };
    const onAbort = () => stop(new HostError("aborted", "the request was cancelled"));
    const timer = setTimeout(() => stop(spec.onTimeout()), spec.timeoutMs);
    if (spec.signal?.aborted) return onAbort();
    spec.signal?.addEventListener("abort", onAbort);
    channel.send(spec, waiter, io.signal);
  });
}
