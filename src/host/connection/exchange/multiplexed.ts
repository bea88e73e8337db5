/** `multiplexedChannel`: many requests over one stream, replies routed by correlation id (spec §4.3). */
import { asHostError, HostError } from "../../host-error.ts";
import { PendingTable } from "../pending.ts";
import type { StreamTransport } from "../../transports/transport.ts";
import type { Channel } from "./channel.ts";

const inputClosed = (cause: unknown) =>
  new HostError("provider_crashed", "the provider's input is closed", {}, { cause });

/** Reads the stream to its end, handing each reply to its waiter; the end, a bad line or a read error fails them all. */
async function readReplies(transport: StreamTransport, pending: PendingTable): Promise<void> {
  try {
    for (;;) {
      const next = await transport.incoming.next();
      if (next.done) return pending.failAll(new HostError("provider_crashed", "the provider closed its output"));
      const item = next.value;
      if ("error" in item) {
        // Like the reference host, one undecodable line from a provider ends the connection (spec §4.3).
        pending.failAll(new HostError("wire", `the provider sent an undecodable line (${item.error.code})`));
        return void (await transport.close());
      }
      pending.deliver(item.envelope);
    }
  } catch (error) {
    pending.failAll(new HostError("transport", "reading from the provider failed", {}, { cause: error }));
  }
}

/**
 * A channel over a stream transport (stdio, a Web Worker, a MessagePort). A
 * waiter is registered before its request is written, so a fast reply always
 * finds it (spec §4.3); a single reader owns the provider's output.
 */
export function multiplexedChannel(transport: StreamTransport): Channel {
  const pending = new PendingTable();
  void readReplies(transport, pending);
  return {
    forcesEgress: false,
    waiting: (id) => pending.has(id),
    send(request, waiter) {
      pending.register(request.id, waiter);
      const failed = (error: unknown) => waiter.reject(asHostError(error, inputClosed));
      try {
        transport.send(request.envelope).catch(failed);
      } catch (error) {
        failed(error); // a transport that throws instead of rejecting
      }
    },
    withdraw: (request, waiter) => pending.forget(request.id, waiter),
    // A write cannot be withdrawn from a stream: a stuck `shutdown` is ended by `terminate`.
    shutdown: () => transport.send({ type: "shutdown" }).catch(() => undefined),
    async close(reason) {
      pending.failAll(reason);
      await transport.close().catch(() => undefined);
    },
    async terminate(reason) {
      pending.failAll(reason);
      await transport.abort?.().catch(() => undefined);
    },
  };
}
