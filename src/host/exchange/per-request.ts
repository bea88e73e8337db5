/** `perRequestChannel`: one transport exchange per request (HTTP, in-page; spec §4.3, §4.4). */
import { HostError } from "../host-error.ts";
import type { ExchangeTransport } from "../transports/transport.ts";
import type { Channel } from "./channel.ts";

/** How long a `shutdown` exchange may take: the reference host's 2 s grace (spec §1.11, §4.4). */
const SHUTDOWN_GRACE_MS = 2_000;

/**
 * A channel over an exchange transport: each request is its own exchange, so
 * its reply needs no routing and nothing waits between requests. No reply at
 * all is `unexpected_envelope`.
 */
export function perRequestChannel(transport: ExchangeTransport): Channel {
  return {
    forcesEgress: transport.forcesEgress,
    waiting: () => false,
    send(request, waiter, signal) {
      transport.exchange(request.envelope, signal).then(
        (reply) =>
          reply
            ? waiter.resolve(reply)
            : waiter.reject(new HostError("unexpected_envelope", "the provider sent no reply", { got: "<none>" })),
        (error: unknown) =>
          waiter.reject(error instanceof HostError ? error : new HostError("transport", "the exchange failed")),
      );
    },
    withdraw() {},
    shutdown: () =>
      transport.exchange({ type: "shutdown" }, AbortSignal.timeout(SHUTDOWN_GRACE_MS)).then(
        () => undefined,
        () => undefined,
      ),
    close: () => transport.close().catch(() => undefined),
  };
}
