/**
 * `recordingTransport`: any transport, with every envelope it carries handed
 * to a recorder (spec §1.1, §4.4), so a host can keep a transcript an auditor
 * can replay (`readTranscript`, `replayTransport`). The recorder sees decoded
 * envelopes, never transport headers: a bearer credential is not in them (C8).
 */
import type { Envelope, EnvelopeInit } from "../../protocol/envelope.ts";
import type { WireError } from "../../wire/wire-error.ts";
import type { ExchangeTransport, StreamTransport, Transport } from "../transports/transport.ts";

/** One recorded envelope: sent by the host, or received from the provider (or a line that did not decode). */
export type RecordedEnvelope =
  | { readonly direction: "sent"; readonly envelope: EnvelopeInit }
  | { readonly direction: "received"; readonly envelope: Envelope }
  | { readonly direction: "received"; readonly error: WireError };

/**
 * Wraps `transport` so `record` sees, in order, each envelope as it is sent
 * (before the bytes leave) and each one received (as decoded). A recorder that
 * throws does not disturb the exchange.
 */
export function recordingTransport(
  transport: StreamTransport,
  record: (entry: RecordedEnvelope) => void,
): StreamTransport;
export function recordingTransport(
  transport: ExchangeTransport,
  record: (entry: RecordedEnvelope) => void,
): ExchangeTransport;
export function recordingTransport(transport: Transport, record: (entry: RecordedEnvelope) => void): Transport;
export function recordingTransport(transport: Transport, record: (entry: RecordedEnvelope) => void): Transport {
  const note = (entry: RecordedEnvelope) => {
    try {
      record(entry);
    } catch {
      // The transcript is an observer: it never breaks the connection it watches.
    }
  };
  if (transport.kind === "exchange") {
    return {
      kind: "exchange",
      forcesEgress: transport.forcesEgress,
      async exchange(envelope, signal) {
        note({ direction: "sent", envelope });
        const reply = await transport.exchange(envelope, signal);
        if (reply !== undefined) note({ direction: "received", envelope: reply });
        return reply;
      },
      close: () => transport.close(),
    };
  }
  return {
    kind: "stream",
    send(envelope) {
      note({ direction: "sent", envelope });
      return transport.send(envelope);
    },
    incoming: {
      async next() {
        const next = await transport.incoming.next();
        if (!next.done) {
          const item = next.value;
          note(
            "error" in item
              ? { direction: "received", error: item.error }
              : { direction: "received", envelope: item.envelope },
          );
        }
        return next;
      },
    },
    close: () => transport.close(),
  };
}
