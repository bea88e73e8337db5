/**
 * `frameline index [dir]`: builds the docs corpus and its search index, into
 * the file the Worker bundles, or with `--d1 NAME` into a D1 database (the
 * bundled file then stays empty). What was indexed is remembered beside the
 * corpus, so `frameline index --refresh` (run by wrangler's build step before
 * `wrangler dev` and `wrangler deploy`, and on each change while `wrangler
 * dev` runs) rebuilds it from the same folder, never stale.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { buildCorpus, type CorpusFile } from "../docs/index.ts";
import { type Command, flag, stringOption } from "./command.ts";
import { writeCorpusModule } from "./corpus-module.ts";
import { type CorpusSource, recordedSource, recordSource } from "./corpus-source.ts";
import { warnIfEmpty, warnSkipped } from "./corpus-warnings.ts";
import { indexIntoD1, summaryLine } from "./d1-index.ts";
import { shownPath } from "./failure.ts";
import { defaultCorpusFiles, type IndexOptions, markdownFiles } from "./markdown-files.ts";

/** Where the Worker imports its corpus from. */
export const DEFAULT_CORPUS_FILE = "worker/corpus.json";
/** The binding the Worker reads a D1 corpus through (wrangler.toml `d1_databases`). */
export const D1_BINDING = "DOCS_DB";

/** What `indexCommand` did: what it read, how many documents and chunks, and where they went. */
export interface IndexResult {
  /** The documents read (in the bundled corpus, or written to D1). */
  readonly documents: readonly { readonly path: string }[];
  /** The chunks of the bundled corpus (with `d1`, the chunks written are in its summary). */
  readonly chunks?: number;
  /** Where Markdown was read from, as the user would write it. */
  readonly source: string;
  /** The D1 update's summary line, when the corpus went to D1. */
  readonly d1?: string;
  /** Warnings to print. */
  readonly warnings: readonly string[];
}

/** Options of `indexCommand`. */
export type IndexCommandOptions = {
  dir?: string | undefined;
  refresh?: boolean;
  out?: string | undefined;
  /** The D1 database to write (name or binding), instead of the bundled file. */
  d1?: string | undefined;
  /** With `d1`: the deployed database (after `wrangler login`), not the local one. */
  remote?: boolean;
  projectRoot: string;
} & IndexOptions;

/** What to index: the folder and database given, or with `--refresh` the ones recorded. */
function choose(options: IndexCommandOptions, corpusFile: string): CorpusSource {
  const recorded = options.refresh ? recordedSource(corpusFile) : { dir: null, d1: null };
  const dir =
    options.dir === undefined
      ? recorded.dir
      : relative(options.projectRoot, resolve(options.projectRoot, options.dir)) || ".";
  return { dir, d1: options.d1 ?? (options.dir === undefined ? recorded.d1 : null) };
}

/** A warning when wrangler.toml and the mode disagree: D1 written but not bound, or bound while bundling. */
function bindingWarning(projectRoot: string, d1: string | null): string | undefined {
  const config = join(projectRoot, "wrangler.toml");
  if (!existsSync(config)) return undefined;
  const bound = readFileSync(config, "utf8")
    .split("\n")
    .some((line) => !line.trimStart().startsWith("#") && line.includes(`"${D1_BINDING}"`));
  if (d1 !== null && !bound)
    return `wrangler.toml binds no ${D1_BINDING}, so the Worker serves the (empty) bundle: add d1_databases = [{ binding = "${D1_BINDING}", database_name = "${d1}" }]`;
  if (d1 === null && bound)
    return `wrangler.toml binds ${D1_BINDING}, so the Worker serves that D1 database, not this bundle`;
  return undefined;
}

/** Indexes the chosen folder (default: README.md and docs/) into the bundle or D1, and records the choice. */
export async function indexCommand(options: IndexCommandOptions): Promise<IndexResult> {
  const corpusFile = resolve(options.projectRoot, options.out ?? DEFAULT_CORPUS_FILE);
  const chosen = choose(options, corpusFile);
  const read = options.onSkip ? { onSkip: options.onSkip } : {};
  const root = chosen.dir === null ? options.projectRoot : resolve(options.projectRoot, chosen.dir);
  const files: CorpusFile[] =
    chosen.dir === null ? await defaultCorpusFiles(options.projectRoot, read) : await markdownFiles(root, read);
  const source = chosen.dir === null ? "README.md and docs/" : shownPath(root, options.projectRoot);
  const warnings: string[] = [];
  let result: { documents: readonly { path: string }[]; chunks?: number; d1?: string };
  if (chosen.d1 === null) {
    const corpus = await buildCorpus(files);
    await writeCorpusModule(corpus, corpusFile);
    result = { documents: corpus.documents, chunks: corpus.chunks.length };
  } else {
    const target = { database: chosen.d1, remote: options.remote === true, projectRoot: options.projectRoot };
    const summary = await indexIntoD1(files, target);
    await writeCorpusModule(await buildCorpus([]), corpusFile);
    const where = `${target.remote ? "remote" : "local"} D1 database ${chosen.d1}`;
    result = { documents: files, d1: `${where}: ${summaryLine(summary)}` };
  }
  if (!recordSource(corpusFile, options.projectRoot, chosen))
    warnings.push(
      `wrangler dev does not watch ${source}: it holds ${shownPath(corpusFile, options.projectRoot)} itself`,
    );
  const binding = bindingWarning(options.projectRoot, chosen.d1);
  if (binding) warnings.push(binding);
  return { ...result, source, warnings };
}

/** The `index` command line. */
export const indexCli: Command = {
  name: "index",
  synopsis: "index [DIR] [--d1 DATABASE [--remote]] [--refresh] [--out FILE]",
  description: `builds the docs corpus and its search index from the Markdown in DIR
(default: README.md and docs/) into the file a Worker bundles (default FILE:
${DEFAULT_CORPUS_FILE}), or with --d1 into that D1 database (local, as wrangler
dev serves it; --remote: the deployed one), rewriting only what changed;
--refresh repeats the last run's choices (wrangler's build step runs it).`,
  options: {
    refresh: { type: "boolean" },
    out: { type: "string" },
    d1: { type: "string" },
    remote: { type: "boolean" },
  },
  positionals: { min: 0, max: 1 },
  async run(input) {
    const result = await indexCommand({
      dir: input.positionals[0],
      refresh: flag(input, "refresh"),
      out: stringOption(input, "out"),
      d1: stringOption(input, "d1"),
      remote: flag(input, "remote"),
      projectRoot: input.cwd,
      onSkip: warnSkipped(input.err),
    });
    warnIfEmpty(result, result.source, input.err);
    for (const warning of result.warnings) input.err(`frameline: warning: ${warning}`);
    const chunks = result.chunks === undefined ? "" : `, ${result.chunks} chunks`;
    input.err(`frameline: indexed ${result.documents.length} documents${chunks} from ${result.source}`);
    if (result.d1) input.err(`frameline: ${result.d1}`);
    return 0;
  },
};
