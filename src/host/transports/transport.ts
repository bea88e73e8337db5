/** The two shapes a transport takes (spec §4.4): a message stream, or one exchange per request. */
import type { Envelope, EnvelopeInit } from "../../protocol/envelope.ts";
import type { DecodedItem } from "../../wire/ndjson-decoder-stream.ts";

/** A duplex channel of envelopes (stdio, a Web Worker, a MessagePort): replies are matched by the connection. */
export interface StreamTransport {
  readonly kind: "stream";
  /** Writes one envelope; rejects when the channel is closed. */
  send(envelope: EnvelopeInit): Promise<void>;
  /** Every line the provider sends, decoded, until the channel ends. */
  readonly incoming: AsyncIterator<DecodedItem>;
  /** Ends the channel: flushes what was written, then closes it (may wait on a provider that does not read). */
  close(): Promise<void>;
  /**
   * Ends the channel at once, for a provider that stopped reading: drops what
   * is queued and stops reading. A child process's transport kills the child
   * here (spec §4.4: the reference host kills it 2 s after `shutdown`).
   */
  abort?(): Promise<void>;
}

/** One envelope out, at most one back (HTTP, in-page). */
export interface ExchangeTransport {
  readonly kind: "exchange";
  /** Every HTTP provider is treated as egress, whatever it claims (C4). */
  readonly forcesEgress: boolean;
  exchange(envelope: EnvelopeInit, signal: AbortSignal): Promise<Envelope | undefined>;
  close(): Promise<void>;
}

/** Any transport a connection can run on. */
export type Transport = StreamTransport | ExchangeTransport;
