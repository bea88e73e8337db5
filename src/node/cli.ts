/**
 * The `frameline` command line. `decode` reads an NDJSON transcript on stdin
 * and reports every line: the envelope it carried and the requirement checks
 * it fails, or the wire error it caused. `demo` does the same on a built-in
 * session with deliberately broken lines, fed in small chunks.
 */
import { parseArgs } from "node:util";
import { DEFAULT_MAX_LINE_BYTES } from "../wire/index.ts";
import { decodeCommand, demoCommand } from "./decode-command.ts";
import { indexCommand } from "./index-command.ts";
import { serveCommand } from "./serve-command.ts";
import { stdinReadable } from "./stdio.ts";

const USAGE = `usage:
  frameline serve --stdio [--corpus DIR|FILE]
  frameline index [DIR] [--refresh] [--out FILE]
  frameline decode [--strict] [--max-line-bytes N] < transcript.ndjson
  frameline demo [--max-line-bytes N]

serve   serves the docs provider on stdin/stdout (NDJSON), over the Markdown
        in DIR or the corpus FILE written by \`frameline index\` (default:
        README.md and docs/ of the current folder). Diagnostics go to stderr.
index   builds the docs corpus the Worker bundles (worker/corpus.json) from the
        Markdown in DIR (default: README.md and docs/); --refresh rebuilds it
        from the folder indexed last.

decode  reports each NDJSON line on stdin: its envelope and the spec checks it
        fails (F1-F5, D1, P1-P5, G1-G2, B3, H1, H2, C5 ...), or its wire error.
        --strict also reports unknown members (the authoring lint).
demo    runs the same report on a built-in session with broken lines.
exit status: 0 when every line is a valid envelope, 1 otherwise, 2 on usage errors.`;

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
      await serveCommand({ corpus: values.corpus, cwd: process.cwd(), maxLineBytes, log: stderrLine });
      return 0;
    }
    case "index": {
      const { corpus, source } = await indexCommand({
        dir: positionals[1],
        refresh: values.refresh,
        out: values.out,
        projectRoot: process.cwd(),
      });
      process.stderr.write(
        `frameline: indexed ${corpus.documents.length} documents, ${corpus.chunks.length} chunks from ${source}\n`,
      );
      return 0;
    }
    case "decode":
      return (await decodeCommand(stdinReadable(), { strict: values.strict, maxLineBytes, out: stdoutLine })) ? 0 : 1;
    case "demo": {
      const demoLineBytes = values["max-line-bytes"] === undefined ? 1024 : maxLineBytes;
      await demoCommand({ strict: values.strict, maxLineBytes: demoLineBytes, out: stdoutLine });
      return 0;
    }
  }
  process.stderr.write(`${USAGE}\n`);
  return 2;
}

const stdoutLine = (line: string) => process.stdout.write(`${line}\n`);
const stderrLine = (line: string) => process.stderr.write(`${line}\n`);

process.exitCode = await main(process.argv.slice(2));
