/**
 * `serveStream`: NDJSON over any WebStreams pair (spec §1.1 "stdio binding",
 * §4.3, §4.13). Correlated queries are answered as they finish; everything
 * else is answered in order. Writes respect backpressure.
 */
import type { Envelope, EnvelopeInit } from "../protocol/envelope.ts";
import { NdjsonDecoderStream } from "../wire/ndjson-decoder-stream.ts";
import { decodeLine } from "../wire/line.ts";
import type { Provider } from "./define.ts";
import { encodeReply, handleEnvelope, undecodableReply } from "./dispatch.ts";
import { createSession } from "./session.ts";

/** Options for `serveStream`. */
export interface ServeStreamOptions {
  /** Longest accepted line in bytes (default 16 MiB, spec §4.4). */
  readonly maxLineBytes?: number;
  /** Most correlated queries answered at once; reading pauses beyond it (default 64). */
  readonly maxInFlight?: number;
}

const utf8 = new TextEncoder();

/**
 * Serves `provider` on a byte stream pair until the host says `shutdown` or
 * the input ends, then waits for every answer in flight, closes `writable`
 * and resolves. A line that does not decode gets `bad_request` and the stream
 * goes on (R1).
 */
export async function serveStream(
  provider: Provider,
  streams: { readable: ReadableStream<Uint8Array>; writable: WritableStream<Uint8Array> },
  options: ServeStreamOptions = {},
): Promise<void> {
  const session = createSession();
  const writer = streams.writable.getWriter();
  // The stream queues writes in order; a failed write (the host went away) only loses that answer.
  const send = async (reply: EnvelopeInit | undefined, request?: Envelope) => {
    if (reply !== undefined) await writer.write(utf8.encode(encodeReply(reply, request))).catch(() => undefined);
  };

  const inFlight = new Set<Promise<void>>();
  let inOrder: Promise<void> = Promise.resolve();
  const correlating = provider.capabilities.correlation === true;
  const maxInFlight = options.maxInFlight ?? 64;
  // A line that does not decode is answered from its own text: its id echoed, an unknown notification ignored (R1, U1).
  const decode = (text: string): { envelope: Envelope } | { reply: EnvelopeInit | undefined } => {
    try {
      return { envelope: decodeLine(text) };
    } catch (thrown) {
      return { reply: undecodableReply(text, thrown) };
    }
  };
  const reader = streams.readable
    .pipeThrough(new NdjsonDecoderStream({ maxLineBytes: options.maxLineBytes, decode }))
    .getReader();
  try {
    for (;;) {
      // Backpressure: read no further while the host is not reading our answers or too much is in flight.
      await writer.ready;
      while (inFlight.size >= maxInFlight) await Promise.race(inFlight);
      const { done, value } = await reader.read();
      if (done) break;
      if ("error" in value) {
        // An oversized or non-UTF-8 line: its text is not kept, so no id can be echoed.
        const reply = undecodableReply("", value.error);
        inOrder = inOrder.then(() => send(reply));
        continue;
      }
      if ("reply" in value.envelope) {
        const reply = value.envelope.reply;
        inOrder = inOrder.then(() => send(reply));
        continue;
      }
      const envelope = value.envelope.envelope;
      if (envelope.type === "shutdown") {
        session.closed = true;
        break;
      }
      if (correlating && envelope.type === "query" && envelope.id !== undefined) {
        // Starts once everything received before it is handled (the handshake, say), then runs alongside later lines.
        const task = inOrder
          .then(() => handleEnvelope(provider, envelope, session))
          .then((reply) => send(reply, envelope));
        inFlight.add(task);
        void task.finally(() => inFlight.delete(task));
      } else {
        inOrder = inOrder.then(async () => send(await handleEnvelope(provider, envelope, session), envelope));
      }
    }
  } finally {
    if (session.closed) await reader.cancel().catch(() => undefined);
    else reader.releaseLock();
  }
  await Promise.allSettled([inOrder, ...inFlight]);
  await writer.close().catch(() => undefined);
}
