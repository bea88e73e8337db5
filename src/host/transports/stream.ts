/** `streamTransport`: NDJSON over a WebStreams pair (spec §1.1 "stdio binding", §4.4). */
import type { EnvelopeInit } from "../../protocol/envelope.ts";
import { encodeLine } from "../../wire/line.ts";
import { NdjsonDecoderStream } from "../../wire/ndjson-decoder-stream.ts";
import { HostError } from "../host-error.ts";
import type { StreamTransport } from "./transport.ts";

const utf8 = new TextEncoder();

/**
 * A transport over a byte stream pair: a child process's stdio (see
 * `src/node`), a Web Worker or a MessagePort bridged to streams. Lines longer
 * than `maxLineBytes` (default 16 MiB, spec §4.4) arrive as error items.
 */
export function streamTransport(
  streams: { readable: ReadableStream<Uint8Array>; writable: WritableStream<Uint8Array> },
  options: { maxLineBytes?: number } = {},
): StreamTransport {
  const writer = streams.writable.getWriter();
  const reader = streams.readable.pipeThrough(new NdjsonDecoderStream(options)).getReader();
  return {
    kind: "stream",
    // The stream queues writes in order; one to a closed input means the provider is gone.
    send: (envelope: EnvelopeInit) =>
      writer.write(utf8.encode(encodeLine(envelope))).catch(() => {
        throw new HostError("provider_crashed", "the provider's input is closed");
      }),
    incoming: {
      next: () =>
        reader
          .read()
          .then((result) => (result.done ? { done: true, value: undefined } : { done: false, value: result.value })),
    },
    async close() {
      await writer.close().catch(() => undefined);
      await reader.cancel().catch(() => undefined);
    },
  };
}
