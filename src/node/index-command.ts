/**
 * `frameline index [dir]`: builds the docs corpus the Worker bundles. The
 * folder indexed is remembered beside the corpus, so `frameline index
 * --refresh` (run by wrangler's build step before `wrangler dev` and
 * `wrangler deploy`) rebuilds it from the same folder, never stale.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { buildCorpus, type DocsCorpus } from "../docs/index.ts";
import { writeCorpusModule } from "./corpus-module.ts";
import { defaultCorpusFiles, indexDirectory } from "./markdown-files.ts";

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
export async function indexCommand(options: {
  dir?: string;
  refresh?: boolean;
  out?: string;
  projectRoot: string;
}): Promise<{ corpus: DocsCorpus; source: string }> {
  const corpusFile = resolve(options.projectRoot, options.out ?? DEFAULT_CORPUS_FILE);
  const dir = options.dir ?? (options.refresh ? recordedSource(corpusFile) : undefined);
  const corpus =
    dir === undefined
      ? await buildCorpus(await defaultCorpusFiles(options.projectRoot))
      : await indexDirectory(resolve(options.projectRoot, dir));
  await writeCorpusModule(corpus, corpusFile);
  writeFileSync(
    sourceFile(corpusFile),
    `${JSON.stringify({ dir: dir === undefined ? null : relative(options.projectRoot, resolve(options.projectRoot, dir)) || "." })}\n`,
  );
  return { corpus, source: dir ?? "README.md + docs/" };
}
