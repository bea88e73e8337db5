/** `NdjsonDecoderStream`: bytes in, one decoded item per line out (spec §1.1, §4.4). */
import type { Envelope } from "../protocol/envelope.ts";
import { LineSplitter, type LineSink } from "./line-splitter.ts";
import { decodeLine } from "./line.ts";
import { WireError } from "./wire-error.ts";

/** The default maximum line length: 16 MiB, the reference host's cap (spec §4.4). */
export const DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;

/** One line's outcome: the envelope it carried, or why it carried none. `line` is 1-based. */
export type DecodedItem<T = Envelope> =
  | { readonly envelope: T; readonly line: number }
  | { readonly error: WireError; readonly line: number };

/** Options for `NdjsonDecoderStream`. */
export interface NdjsonDecoderOptions<T> {
  /** Longest accepted line in bytes, without its line ending (default 16 MiB). */
  readonly maxLineBytes?: number;
  /** Turns one line's text into a value (default `decodeLine`); a throw becomes an error item. */
  readonly decode?: (text: string) => T;
}

function isBlankLine(text: string): boolean {
  return text.length === 0 || (text.charCodeAt(0) <= 0x20 && text.trim() === "");
}

/**
 * A `TransformStream` from bytes (`Uint8Array`, or strings) to `DecodedItem`s.
 * Lines are split at byte level, so a multi-byte character or a CR LF split
 * across chunks is whole again; each byte is scanned once. A line longer than
 * `maxLineBytes` is refused before it is buffered, becomes a `line_too_long`
 * item, and is skipped up to the next LF. Invalid UTF-8 and undecodable lines
 * become error items; blank lines are skipped. The stream itself errors only
 * if its source does.
 *
 * @example
 * const items = byteStream.pipeThrough(new NdjsonDecoderStream()); // a fetch body, a child's stdout, …
 * for await (const item of items) if ("envelope" in item) handle(item.envelope);
 */
export class NdjsonDecoderStream<T = Envelope> extends TransformStream<Uint8Array | string, DecodedItem<T>> {
  constructor(options: NdjsonDecoderOptions<T> = {}) {
    const splitter = new LineSplitter(options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES);
    const decode = options.decode ?? (decodeLine as (text: string) => T);
    const encoder = new TextEncoder();
    let out: TransformStreamDefaultController<DecodedItem<T>>;
    const sink: LineSink = {
      line(text, line) {
        if (isBlankLine(text)) return;
        try {
          out.enqueue({ envelope: decode(text), line });
        } catch (error) {
          out.enqueue({
            error:
              error instanceof WireError
                ? error
                : new WireError("invalid_envelope", `line ${line} could not be decoded`),
            line,
          });
        }
      },
      invalidUtf8(line) {
        out.enqueue({ error: new WireError("invalid_utf8", `line ${line} is not valid UTF-8`), line });
      },
      oversized(line) {
        out.enqueue({
          error: new WireError("line_too_long", `line ${line} exceeds ${splitter.maxLineBytes} bytes`),
          line,
        });
      },
    };
    super({
      transform(chunk, controller) {
        out = controller;
        splitter.push(typeof chunk === "string" ? encoder.encode(chunk) : chunk, sink);
      },
      flush(controller) {
        out = controller;
        splitter.flush(sink);
      },
    });
  }
}
