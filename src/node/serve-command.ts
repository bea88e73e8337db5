/**
 * `frameline serve --stdio [--corpus DIR|FILE]`: the docs provider on the
 * stdio binding (spec §1.1), over a folder of Markdown indexed now, a corpus
 * file written by `frameline index`, or by default the current folder's
 * README.md and docs/.
 */
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { buildCorpus, type DocsCorpus, DocsCorpusError, docsProvider } from "../docs/index.ts";
import { DEFAULT_MAX_LINE_BYTES } from "../wire/index.ts";
import { type Command, CommandFailure, flag, positiveIntegerOption, stringOption, UsageError } from "./command.ts";
import { readCorpusModule } from "./corpus-module.ts";
import { warnIfEmpty, warnSkipped } from "./corpus-warnings.ts";
import { shownPath } from "./failure.ts";
import { defaultCorpusFiles, type IndexOptions, indexDirectory } from "./markdown-files.ts";
import { serveStdio } from "./serve-stdio.ts";

/** A corpus file `--corpus` names, read and checked; a file that is not one is a `CommandFailure` naming it. */
async function corpusFile(path: string, shown: string): Promise<DocsCorpus> {
  try {
    return await readCorpusModule(path);
  } catch (error) {
    // JSON.parse's message quotes the file's text, so only the kind of problem is named.
    const why =
      error instanceof SyntaxError ? "not JSON" : error instanceof DocsCorpusError ? error.message : undefined;
    if (why === undefined) throw error;
    throw new CommandFailure(`${shown}: not a corpus written by \`frameline index\` (${why})`);
  }
}

/** The corpus `--corpus` names (a folder, or a `.json` corpus file), resolved against `cwd`. */
export async function corpusFor(
  corpus: string | undefined,
  cwd: string,
  options: IndexOptions = {},
): Promise<DocsCorpus> {
  if (corpus === undefined) return buildCorpus(await defaultCorpusFiles(cwd, options));
  const path = resolve(cwd, corpus);
  const kind = await stat(path);
  if (kind.isDirectory()) return indexDirectory(path, options);
  if (!kind.isFile()) throw new CommandFailure(`${shownPath(path, cwd)}: neither a folder nor a corpus file`);
  return corpusFile(path, shownPath(path, cwd));
}

/** Serves the docs provider on stdin/stdout until shutdown or end of input; diagnostics on stderr. */
export async function serveCommand(options: {
  corpus: string | undefined;
  cwd: string;
  maxLineBytes: number;
  log: (line: string) => void;
}): Promise<void> {
  const corpus = await corpusFor(options.corpus, options.cwd, { onSkip: warnSkipped(options.log) });
  const source =
    options.corpus === undefined ? "README.md and docs/" : shownPath(resolve(options.cwd, options.corpus), options.cwd);
  warnIfEmpty(corpus, source, options.log);
  options.log(`frameline: serving docs (${corpus.chunks.length} chunks) on stdio`);
  await serveStdio(docsProvider(corpus), { maxLineBytes: options.maxLineBytes });
}

/** The `serve` command line. */
export const serveCli: Command = {
  name: "serve",
  synopsis: "serve --stdio [--corpus DIR|FILE] [--max-line-bytes N]",
  description: `serves the docs provider on stdin/stdout (NDJSON) to a CGP host that spawns it,
over the Markdown in DIR or the corpus FILE written by \`frameline index\`
(default: README.md and docs/ of the current folder). Diagnostics go to stderr.`,
  options: { stdio: { type: "boolean" }, corpus: { type: "string" }, "max-line-bytes": { type: "string" } },
  positionals: { min: 0, max: 0 },
  async run(input) {
    if (!flag(input, "stdio")) throw new UsageError("--stdio is required (stdio is the binding it serves)");
    await serveCommand({
      corpus: stringOption(input, "corpus"),
      cwd: input.cwd,
      maxLineBytes: positiveIntegerOption(input, "max-line-bytes", DEFAULT_MAX_LINE_BYTES),
      log: input.err,
    });
    return 0;
  },
};
