/** `perRequestChannel`: one transport exchange per request (HTTP, in-page; spec §4.3, §4.4). */
import { asHostError, HostError } from "../../host-error.ts";
import type { Envelope } from "../../../protocol/envelope.ts";
import type { ExchangeTransport } from "../../transports/transport.ts";
import type { Channel } from "./channel.ts";

const exchangeFailed = (cause: unknown) => new HostError("transport", "the exchange failed", {}, { cause });

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
      const failed = (error: unknown) => waiter.reject(asHostError(error, exchangeFailed));
      const answered = (reply: Envelope | undefined) =>
        reply
          ? waiter.resolve(reply)
          : waiter.reject(new HostError("unexpected_envelope", "the provider sent no reply", { got: "<none>" }));
      try {
        transport.exchange(request.envelope, signal).then(answered, failed);
      } catch (error) {
        failed(error); // a transport that throws instead of rejecting
      }
    },
    withdraw() {},
    shutdown: (signal) =>
      transport.exchange({ type: "shutdown" }, signal).then(
        () => undefined,
        () => undefined,
      ),
    close: () => transport.close().catch(() => undefined),
    // Nothing waits between exchanges, and `shutdown`'s own exchange was aborted by its signal.
    terminate: async () => undefined,
  };
}
