/**
 * `frameline decode` and `frameline demo`: an NDJSON transcript in, one
 * report line per envelope out, with the requirement checks it fails (spec
 * §2) or the wire error it caused. The demo feeds a built-in session in
 * 7-byte chunks to show that framing does not depend on chunking.
 */
import { open } from "node:fs/promises";
import { resolve } from "node:path";
import { Readable } from "node:stream";
import type { Envelope } from "../protocol/index.ts";
import { type DecodedItem, DEFAULT_MAX_LINE_BYTES, decodeLine, NdjsonDecoderStream } from "../wire/index.ts";
import { type Command, type CommandInput, CommandFailure, flag, positiveIntegerOption } from "./command.ts";
import { formatReport, reportItem, reportJson } from "./decode-report.ts";
import { demoTranscript } from "./demo-transcript.ts";
import { shownPath } from "./failure.ts";
import { stdinReadable } from "./stdio.ts";

type Decoded = DecodedItem<{ envelope: Envelope; raw: unknown }>;

/** How `decode` reports: `strict` adds the authoring lint; `json` writes one JSON object per line. */
interface DecodeOptions {
  readonly strict: boolean;
  readonly json?: boolean;
  readonly maxLineBytes: number;
  readonly out: (line: string) => void;
}

/** Writes one report per line of `source` to `out`; true when every line is a valid envelope. */
async function decodeCommand(source: ReadableStream<Uint8Array | string>, options: DecodeOptions): Promise<boolean> {
  const decoder = new NdjsonDecoderStream<{ envelope: Envelope; raw: unknown }>({
    maxLineBytes: options.maxLineBytes,
    decode: (text) => ({ envelope: decodeLine(text), raw: options.strict ? (JSON.parse(text) as unknown) : undefined }),
  });
  let allOk = true;
  const items: AsyncIterable<Decoded> = source.pipeThrough(decoder);
  for await (const item of items) {
    const result = reportItem(item, options.strict);
    allOk &&= result.ok;
    options.out(options.json ? reportJson(result) : formatReport(result));
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
async function demoCommand(options: DecodeOptions) {
  options.out("frameline demo: a CGP session with broken lines, decoded from 7-byte chunks\n");
  await decodeCommand(smallChunks(demoTranscript(), 7), options);
  options.out("\nTry it on your own transcript: frameline decode --strict < session.ndjson");
}

/**
 * The transcript `decode` reads: the file named (opened now, so a missing one fails before anything is
 * printed), or stdin when none is named or it is `-`; on a terminal, it says it is waiting for stdin.
 */
async function transcript(input: CommandInput): Promise<ReadableStream<Uint8Array>> {
  const file = input.positionals[0];
  if (file !== undefined && file !== "-") {
    const path = resolve(input.cwd, file);
    const handle = await open(path);
    if ((await handle.stat()).isDirectory()) {
      await handle.close();
      throw new CommandFailure(`${shownPath(path, input.cwd)}: is a directory, not a file`);
    }
    return Readable.toWeb(handle.createReadStream()) as unknown as ReadableStream<Uint8Array>;
  }
  if (process.stdin.isTTY)
    input.err("frameline decode: reading a transcript from stdin (end it with Ctrl-D, or name a file: decode FILE)");
  return stdinReadable();
}

/** The `decode` command line: exit 0 when every line is a valid envelope, 1 otherwise. */
export const decodeCli: Command = {
  name: "decode",
  synopsis: "decode [FILE] [--strict] [--json] [--max-line-bytes N]",
  description: `reports each NDJSON line of FILE (or of stdin, without FILE or with -): its
envelope and the spec checks it fails (F1-F5, D1, P1-P5, G1-G2, B3, H1, H2, C5
...), or its wire error; exit status 1 when a line is not a valid envelope.
--strict also reports unknown members (the authoring lint); --json writes one
JSON object per line instead (docs/codec.md gives its shape).`,
  options: { strict: { type: "boolean" }, json: { type: "boolean" }, "max-line-bytes": { type: "string" } },
  positionals: { min: 0, max: 1 },
  async run(input) {
    const options = {
      strict: flag(input, "strict"),
      json: flag(input, "json"),
      maxLineBytes: positiveIntegerOption(input, "max-line-bytes", DEFAULT_MAX_LINE_BYTES),
      out: input.out,
    };
    return (await decodeCommand(await transcript(input), options)) ? 0 : 1;
  },
};

/** The `demo` command line (a 1 KiB line limit by default, so the demo's long line is refused). */
export const demoCli: Command = {
  name: "demo",
  synopsis: "demo [--strict] [--max-line-bytes N]",
  description: "runs the decode report on a built-in session with broken lines.",
  options: { strict: { type: "boolean" }, "max-line-bytes": { type: "string" } },
  positionals: { min: 0, max: 0 },
  async run(input) {
    const maxLineBytes = positiveIntegerOption(input, "max-line-bytes", 1024);
    await demoCommand({ strict: flag(input, "strict"), maxLineBytes, out: input.out });
    return 0;
  },
};
