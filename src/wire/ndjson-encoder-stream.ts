/** `NdjsonEncoderStream`: envelopes in, UTF-8 NDJSON bytes out (spec §1.1 "Writing"). */
import type { EnvelopeInit } from "../protocol/envelope.ts";
import { encodeLine } from "./line.ts";

/**
 * A `TransformStream` from envelopes to UTF-8 bytes, one `\n`-terminated line
 * each (see `encodeLine`). An envelope that does not fit its shape is a bug in
 * the writer: the stream errors with that `WireError` rather than send a line
 * a peer would refuse.
 */
export class NdjsonEncoderStream extends TransformStream<EnvelopeInit, Uint8Array> {
  constructor() {
    const encoder = new TextEncoder();
    super({
      transform(envelope, controller) {
        controller.enqueue(encoder.encode(encodeLine(envelope)));
      },
    });
  }
}
