/**
 * `serveStream`: NDJSON over any WebStreams pair (spec §1.1 "stdio binding",
 * §4.3, §4.13). Correlated queries are answered as they finish; everything
 * else is answered in order. Writes respect backpressure.
 */
import { NdjsonDecoderStream } from "../wire/ndjson-decoder-stream.ts";
import type { Provider } from "./definition.ts";
import { type Answer, type Received, receive, respond, unreadable } from "./exchange.ts";
import { createSession } from "./session.ts";

/** Options for `serveStream`. */
export interface ServeStreamOptions {
  /** Longest accepted line in bytes (default 16 MiB, spec §4.4). */
  readonly maxLineBytes?: number;
  /** Most correlated queries answered at once; reading pauses beyond it (default 64). */
  readonly maxInFlight?: number;
}

const utf8 = new TextEncoder();

/** Whether a writer's promise fulfils (true) or rejects, because the output failed (false). */
const fulfils = (promise: Promise<unknown>): Promise<boolean> =>
  promise.then(
    () => true,
    () => false,
  );

/** A query the host can match to its reply by id (H4), so it may be answered out of order. */
function correlated(provider: Provider, received: Received): boolean {
  return (
    provider.capabilities.correlation === true &&
    "envelope" in received &&
    received.envelope.type === "query" &&
    received.envelope.id !== undefined
  );
}

/**
 * Serves `provider` on a byte stream pair until the host says `shutdown` or
 * the input ends, then waits for every answer in flight, closes `writable`
 * and resolves. A line that does not decode gets `bad_request` and the stream
 * goes on (R1). Everything but a correlated query is handled before the next
 * line is read, so `shutdown` (which closes the session) stops the reading
 * and the in-order backlog is one line.
 */
export async function serveStream(
  provider: Provider,
  streams: { readable: ReadableStream<Uint8Array>; writable: WritableStream<Uint8Array> },
  options: ServeStreamOptions = {},
): Promise<void> {
  const session = createSession();
  const writer = streams.writable.getWriter();
  // The stream queues writes in order; a failed write (the host went away) only loses that answer.
  const send = async (answer: Answer | undefined) => {
    if (answer !== undefined) await writer.write(utf8.encode(answer.line)).catch(() => undefined);
  };
  const inFlight = new Set<Promise<void>>();
  const maxInFlight = options.maxInFlight ?? 64;
  const reader = streams.readable
    .pipeThrough(new NdjsonDecoderStream({ maxLineBytes: options.maxLineBytes, decode: receive }))
    .getReader();
  // The host closed our output (EPIPE on stdout): a normal end of session. Reading stops, even mid-wait.
  void fulfils(writer.closed).then(async (closedByUs) => {
    if (!closedByUs) await reader.cancel().catch(() => undefined);
  });
  try {
    while (!session.closed) {
      // Backpressure: read no further while the host is not reading our answers or too much is in flight.
      if (!(await fulfils(writer.ready))) break;
      while (inFlight.size >= maxInFlight) await Promise.race(inFlight);
      const { done, value: item } = await reader.read();
      if (done) break;
      // An oversized or non-UTF-8 line has no text kept, so no id can be echoed.
      const received = "error" in item ? unreadable(item.error) : item.envelope;
      if (correlated(provider, received)) {
        const task = respond(provider, received, session).then(send);
        inFlight.add(task);
        void task.finally(() => inFlight.delete(task));
      } else {
        void send(await respond(provider, received, session));
      }
    }
  } finally {
    // Shutdown, a closed output, or the input's end: either way nothing more is read.
    await reader.cancel().catch(() => undefined);
  }
  await Promise.allSettled(inFlight);
  await writer.close().catch(() => undefined);
}
