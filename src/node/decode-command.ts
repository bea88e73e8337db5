/**
 * `frameline decode` and `frameline demo`: an NDJSON transcript in, one
 * report line per envelope out, with the requirement checks it fails (spec
 * §2) or the wire error it caused. The demo feeds a built-in session in
 * 7-byte chunks to show that framing does not depend on chunking.
 */
import type { Envelope } from "../protocol/index.ts";
import { type DecodedItem, decodeLine, NdjsonDecoderStream } from "../wire/index.ts";
import { formatReport, reportItem } from "./decode-report.ts";
import { demoTranscript } from "./demo-transcript.ts";

type Decoded = DecodedItem<{ envelope: Envelope; raw: unknown }>;

/** Writes one report per line of `source` to `out`; true when every line is a valid envelope. */
export async function decodeCommand(
  source: ReadableStream<Uint8Array | string>,
  options: { strict: boolean; maxLineBytes: number; out: (line: string) => void },
): Promise<boolean> {
  const decoder = new NdjsonDecoderStream<{ envelope: Envelope; raw: unknown }>({
    maxLineBytes: options.maxLineBytes,
    decode: (text) => ({ envelope: decodeLine(text), raw: options.strict ? (JSON.parse(text) as unknown) : undefined }),
  });
  let allOk = true;
  const items: AsyncIterable<Decoded> = source.pipeThrough(decoder);
  for await (const item of items) {
    const result = reportItem(item, options.strict);
    allOk &&= result.ok;
    options.out(formatReport(result));
  }
  return allOk;
}

/** Feeds a string in small pieces, to show that framing does not depend on chunking. */
function smallChunks(text: string, size: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + size));
      offset += size;
    },
  });
}

/** Decodes the built-in demo session from 7-byte chunks. */
export async function demoCommand(options: { strict: boolean; maxLineBytes: number; out: (line: string) => void }) {
  options.out("frameline demo: a CGP session with broken lines, decoded from 7-byte chunks\n");
  await decodeCommand(smallChunks(demoTranscript(), 7), options);
  options.out("\nTry it on your own transcript: frameline decode --strict < session.ndjson");
}
