/** `streamTransport`: NDJSON over a WebStreams pair (spec §1.1 "stdio binding", §4.4). */
import type { EnvelopeInit } from "../../protocol/envelope.ts";
import { NdjsonDecoderStream } from "../../wire/ndjson-decoder-stream.ts";
import { HostError } from "../host-error.ts";
import { encodeRequest } from "./encode-request.ts";
import type { StreamTransport } from "./transport.ts";

const utf8 = new TextEncoder();

/** Options for `streamTransport`. */
export interface StreamTransportOptions {
  /** The longest line accepted from the provider (default 16 MiB, spec §4.4). */
  readonly maxLineBytes?: number;
  /**
   * Ends the provider itself when the connection gives up on it (`abort`),
   * say by killing a child process: a stream write that the provider never
   * reads cannot be withdrawn otherwise.
   */
  readonly terminate?: () => void | Promise<void>;
}

/**
 * A transport over a byte stream pair: a child process's stdio, a Web Worker
 * or a MessagePort bridged to streams. Lines longer than `maxLineBytes`
 * arrive as error items. `abort` stops reading, aborts the writer and calls
 * `terminate`.
 */
export function streamTransport(
  streams: { readable: ReadableStream<Uint8Array>; writable: WritableStream<Uint8Array> },
  options: StreamTransportOptions = {},
): StreamTransport {
  const writer = streams.writable.getWriter();
  const reader = streams.readable.pipeThrough(new NdjsonDecoderStream(options)).getReader();
  return {
    kind: "stream",
    // The stream queues writes in order (the write starts before the first await); one to a closed input means
    // the provider is gone. An envelope that does not encode is refused before it is written.
    async send(envelope: EnvelopeInit) {
      const line = encodeRequest(envelope);
      await writer.write(utf8.encode(line)).catch(() => {
        throw new HostError("provider_crashed", "the provider's input is closed");
      });
    },
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
    async abort() {
      // Neither is awaited: a WritableStream's abort waits for a write the provider never takes.
      void reader.cancel().catch(() => undefined);
      void writer.abort().catch(() => undefined);
      await options.terminate?.();
    },
  };
}
