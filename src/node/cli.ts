/**
 * The `frameline` command line. `decode` reads an NDJSON transcript on stdin
 * and reports every line: the envelope it carried and the requirement checks
 * it fails, or the wire error it caused. `demo` does the same on a built-in
 * session with deliberately broken lines, fed in small chunks.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { buildCorpus, docsProvider, readCorpus } from "../docs/index.ts";
import type { Envelope } from "../protocol/index.ts";
import { decodeLine, DEFAULT_MAX_LINE_BYTES, NdjsonDecoderStream } from "../wire/index.ts";
import { indexCommand } from "./corpus-command.ts";
import { demoTranscript } from "./demo-transcript.ts";
import { defaultCorpusFiles, indexDirectory } from "./index-command.ts";
import { serveStdio } from "./serve-stdio.ts";
import { formatReport, reportItem } from "./inspect.ts";
import { stdinReadable } from "./stdio.ts";

const USAGE = `usage:
  frameline serve --stdio [--corpus DIR]
  frameline index [DIR] [--refresh] [--out FILE]
  frameline decode [--strict] [--max-line-bytes N] < transcript.ndjson
  frameline demo [--max-line-bytes N]

serve   serves the docs provider on stdin/stdout (NDJSON), over the Markdown
        in DIR, or over the corpus built by \`frameline index\` (default:
        frameline's own README and docs). Diagnostics go to stderr.
index   builds the docs corpus the Worker bundles (worker/corpus.json) from the
        Markdown in DIR (default: README.md and docs/); --refresh rebuilds it
        from the folder indexed last.

decode  reports each NDJSON line on stdin: its envelope and the spec checks it
        fails (F1-F5, D1, P1-P5, G1-G2, B3, H1, H2, C5 ...), or its wire error.
        --strict also reports unknown members (the authoring lint).
demo    runs the same report on a built-in session with broken lines.
exit status: 0 when every line is a valid envelope, 1 otherwise, 2 on usage errors.`;

async function report(
  source: ReadableStream<Uint8Array | string>,
  strict: boolean,
  maxLineBytes: number,
): Promise<boolean> {
  const decoder = new NdjsonDecoderStream<{ envelope: Envelope; raw: unknown }>({
    maxLineBytes,
    decode: (text) => ({ envelope: decodeLine(text), raw: strict ? (JSON.parse(text) as unknown) : undefined }),
  });
  let allOk = true;
  for await (const item of source.pipeThrough(decoder) as unknown as AsyncIterable<Parameters<typeof reportItem>[0]>) {
    const result = reportItem(item, strict);
    allOk &&= result.ok;
    process.stdout.write(`${formatReport(result)}\n`);
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

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      strict: { type: "boolean", default: false },
      "max-line-bytes": { type: "string" },
      help: { type: "boolean", default: false },
      stdio: { type: "boolean", default: false },
      corpus: { type: "string" },
      refresh: { type: "boolean", default: false },
      out: { type: "string" },
    },
  });
  const maxLineBytes =
    values["max-line-bytes"] === undefined ? DEFAULT_MAX_LINE_BYTES : Number(values["max-line-bytes"]);
  if (values.help || !Number.isSafeInteger(maxLineBytes) || maxLineBytes < 1) {
    process.stderr.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  switch (positionals[0]) {
    case "serve": {
      if (!values.stdio) break;
      const corpus = values.corpus === undefined ? await defaultCorpus() : await indexDirectory(values.corpus);
      process.stderr.write(`frameline: serving docs (${corpus.chunks.length} chunks) on stdio\n`);
      await serveStdio(docsProvider(corpus), { maxLineBytes });
      return 0;
    }
    case "index": {
      const { corpus, source } = await indexCommand({
        dir: positionals[1],
        refresh: values.refresh,
        out: values.out,
        projectRoot: PROJECT_ROOT,
      });
      process.stderr.write(
        `frameline: indexed ${corpus.documents.length} documents, ${corpus.chunks.length} chunks from ${source}\n`,
      );
      return 0;
    }
    case "decode":
      return (await report(stdinReadable(), values.strict, maxLineBytes)) ? 0 : 1;
    case "demo": {
      process.stdout.write("frameline demo: a CGP session with broken lines, decoded from 7-byte chunks\n\n");
      await report(
        smallChunks(demoTranscript(), 7),
        values.strict,
        values["max-line-bytes"] === undefined ? 1024 : maxLineBytes,
      );
      process.stdout.write("\nTry it on your own transcript: frameline decode --strict < session.ndjson\n");
      return 0;
    }
  }
  process.stderr.write(`${USAGE}\n`);
  return 2;
}

const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The corpus built by `frameline index`, or, without one, the project's README and docs indexed in memory. */
async function defaultCorpus() {
  try {
    return readCorpus(JSON.parse(readFileSync(new URL("../../worker/corpus.json", import.meta.url), "utf8")));
  } catch {
    return buildCorpus(await defaultCorpusFiles(PROJECT_ROOT));
  }
}

process.exitCode = await main(process.argv.slice(2));
