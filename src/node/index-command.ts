/**
 * `frameline index [dir]`: builds the docs corpus the Worker bundles. The
 * folder indexed is remembered beside the corpus, so `frameline index
 * --refresh` (run by wrangler's build step before `wrangler dev` and
 * `wrangler deploy`) rebuilds it from the same folder, never stale.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { buildCorpus, type DocsCorpus } from "../docs/index.ts";
import { type Command, flag, stringOption } from "./command.ts";
import { writeCorpusModule } from "./corpus-module.ts";
import { warnIfEmpty, warnSkipped } from "./corpus-warnings.ts";
import { shownPath } from "./failure.ts";
import { defaultCorpusFiles, type IndexOptions, indexDirectory } from "./markdown-files.ts";

/** Where the Worker imports its corpus from. */
export const DEFAULT_CORPUS_FILE = "worker/corpus.json";

function sourceFile(corpusFile: string): string {
  return join(dirname(corpusFile), "corpus.source.json");
}

/** The folder recorded for a corpus file, or undefined for the default corpus (README + docs/). */
function recordedSource(corpusFile: string): string | undefined {
  const file = sourceFile(corpusFile);
  if (!existsSync(file)) return undefined;
  const { dir } = JSON.parse(readFileSync(file, "utf8")) as { dir?: unknown };
  return typeof dir === "string" ? dir : undefined;
}

/** Indexes `dir` (or, without one, the project's README and docs/) into `corpusFile`, and records the choice. */
export async function indexCommand(
  options: {
    dir?: string | undefined;
    refresh?: boolean;
    out?: string | undefined;
    projectRoot: string;
  } & IndexOptions,
): Promise<{ corpus: DocsCorpus; source: string }> {
  const corpusFile = resolve(options.projectRoot, options.out ?? DEFAULT_CORPUS_FILE);
  const dir = options.dir ?? (options.refresh ? recordedSource(corpusFile) : undefined);
  const read = options.onSkip ? { onSkip: options.onSkip } : {};
  const corpus =
    dir === undefined
      ? await buildCorpus(await defaultCorpusFiles(options.projectRoot, read))
      : await indexDirectory(resolve(options.projectRoot, dir), read);
  await writeCorpusModule(corpus, corpusFile);
  writeFileSync(
    sourceFile(corpusFile),
    `${JSON.stringify({ dir: dir === undefined ? null : relative(options.projectRoot, resolve(options.projectRoot, dir)) || "." })}\n`,
  );
  return {
    corpus,
    source:
      dir === undefined ? "README.md and docs/" : shownPath(resolve(options.projectRoot, dir), options.projectRoot),
  };
}

/** The `index` command line. */
export const indexCli: Command = {
  name: "index",
  synopsis: "index [DIR] [--refresh] [--out FILE]",
  description: `builds the docs corpus a Worker bundles (default FILE: ${DEFAULT_CORPUS_FILE}) from the
Markdown in DIR (default: README.md and docs/); --refresh rebuilds it from the
folder indexed last (wrangler's build step runs it).`,
  options: { refresh: { type: "boolean" }, out: { type: "string" } },
  positionals: { min: 0, max: 1 },
  async run(input) {
    const { corpus, source } = await indexCommand({
      dir: input.positionals[0],
      refresh: flag(input, "refresh"),
      out: stringOption(input, "out"),
      projectRoot: input.cwd,
      onSkip: warnSkipped(input.err),
    });
    warnIfEmpty(corpus, source, input.err);
    input.err(`frameline: indexed ${corpus.documents.length} documents, ${corpus.chunks.length} chunks from ${source}`);
    return 0;
  },
};
