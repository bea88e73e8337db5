/**
 * `frameline index [dir]`: builds the docs corpus and its search index (spec §1.8), into
 * the file the Worker bundles, or with `--d1 NAME` into a D1 database (the
 * bundled file then stays empty). What was indexed is remembered beside the
 * corpus, so `frameline index --refresh` (run by wrangler's build step before
 * `wrangler dev` and `wrangler deploy`, and on each change while `wrangler
 * dev` runs) rebuilds it from the same folder, never stale. A bundled corpus
 * already built from the same Markdown by the same code is left as it is, and
 * one that would take the Worker past a Workers plan's size limit is warned about.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { buildCorpus, type CorpusFile } from "../docs-provider/index.ts";
import { gzipBytes, sizeWarning, workerGzipEstimate } from "./bundle-size.ts";
import { type Command, CommandFailure, flag, stringOption } from "./command.ts";
import { count } from "../conformance/evidence.ts";
import { type BuiltCorpus, inputsDigest, isFresh, moduleDigest } from "./corpus-freshness.ts";
import { corpusModuleText, writeCorpusModule, writeCorpusText } from "./corpus-module.ts";
import { type CorpusSource, recordedSource, recordSource, sourceFile } from "./corpus-source.ts";
import { emptyCorpusWarning, warnSkipped } from "./corpus-warnings.ts";
import { indexIntoD1, summaryLine } from "./d1-index.ts";
import { shownPath } from "./failure.ts";
import { writeJson } from "./json-output.ts";
import { defaultCorpusFiles, type IndexOptions, markdownFiles } from "./markdown-files.ts";

/** Where the Worker imports its corpus from. */
const DEFAULT_CORPUS_FILE = "worker/corpus.json";
/** The binding the Worker reads a D1 corpus through (wrangler.toml `d1_databases`). */
const D1_BINDING = "DOCS_DB";

/** The bundled corpus `index` wrote (or left, when already built from the same inputs). */
interface BundledIndex {
  /** The corpus file, as the user would write its path. */
  readonly file: string;
  readonly chunks: number;
  /** True when the file already held this corpus and was left as it was. */
  readonly unchanged: boolean;
  /** The corpus module's size in bytes, and gzipped. */
  readonly bytes: number;
  readonly gzip_bytes: number;
  /** The Worker bundling it, gzipped, estimated (the corpus module and an allowance for the code). */
  readonly worker_gzip_bytes_estimate: number;
}

/** The D1 update `index --d1` made. */
interface D1Index {
  readonly database: string;
  readonly remote: boolean;
  /** Documents written (new or edited), removed and left unchanged, and the chunks written. */
  readonly written: number;
  readonly removed: number;
  readonly unchanged: number;
  readonly chunks: number;
}

/** What `indexCommand` did; `frameline index --json` prints exactly this object. */
interface IndexResult {
  /** Where Markdown was read from, as the user would write it. */
  readonly source: string;
  /** How many documents were read. */
  readonly documents: number;
  /** The bundled corpus, or null when the corpus went to D1. */
  readonly bundle: BundledIndex | null;
  /** The D1 update, or null when the corpus was bundled. */
  readonly d1: D1Index | null;
  /** Warnings (also printed on stderr). */
  readonly warnings: readonly string[];
}

/** Options of `indexCommand`. */
type IndexCommandOptions = {
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
function choose(options: IndexCommandOptions, recorded: CorpusSource): CorpusSource {
  const last = options.refresh ? recorded : { dir: null, d1: null };
  const dir =
    options.dir === undefined
      ? last.dir
      : relative(options.projectRoot, resolve(options.projectRoot, options.dir)) || ".";
  return { dir, d1: options.d1 ?? (options.dir === undefined ? last.d1 : null) };
}

/** The record beside the corpus file; without `--refresh`, one that is not JSON is as none (it is rewritten). */
function readRecord(corpusFile: string, options: IndexCommandOptions): CorpusSource {
  try {
    return recordedSource(corpusFile);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    if (!options.refresh) return { dir: null, d1: null };
    const file = shownPath(sourceFile(corpusFile), options.projectRoot);
    throw new CommandFailure(`${file}: not JSON, so --refresh cannot repeat the last run: give the folder to index`);
  }
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

/** The sizes of a corpus module of `bytes` bytes, `gzip` gzipped. */
function sized(bytes: number, gzip: number) {
  return { bytes, gzip_bytes: gzip, worker_gzip_bytes_estimate: workerGzipEstimate(gzip) };
}

/** Builds the bundled corpus into `corpusFile`, unless it already holds the corpus of these inputs. */
async function bundle(
  files: readonly CorpusFile[],
  corpusFile: string,
  recorded: CorpusSource,
  projectRoot: string,
): Promise<{ index: BundledIndex; built?: BuiltCorpus }> {
  const inputs = await inputsDigest(files);
  const file = shownPath(corpusFile, projectRoot);
  if (recorded.built && (await isFresh(recorded.built, inputs, corpusFile))) {
    const { chunks, gzipBytes: gzip } = recorded.built;
    const index = { file, chunks, unchanged: true, ...sized(statSync(corpusFile).size, gzip) };
    return { index, built: recorded.built };
  }
  const corpus = await buildCorpus(files);
  const text = corpusModuleText(corpus);
  await writeCorpusText(text, corpusFile);
  const chunks = corpus.chunks.length;
  const gzip = gzipBytes(text);
  const index = { file, chunks, unchanged: false, ...sized(Buffer.byteLength(text), gzip) };
  return inputs === undefined
    ? { index }
    : { index, built: { inputs, module: moduleDigest(text), chunks, gzipBytes: gzip } };
}

/** Writes `files` into the chosen D1 database, and an empty bundled corpus beside the Worker. */
async function intoD1(
  files: readonly CorpusFile[],
  database: string,
  corpusFile: string,
  options: IndexCommandOptions,
): Promise<D1Index> {
  const target = { database, remote: options.remote === true, projectRoot: options.projectRoot };
  const summary = await indexIntoD1(files, target);
  await writeCorpusModule(await buildCorpus([]), corpusFile);
  return { database, remote: target.remote, ...summary };
}

/** Indexes the chosen folder (default: README.md and docs/) into the bundle or D1, and records the choice. */
export async function indexCommand(options: IndexCommandOptions): Promise<IndexResult> {
  const corpusFile = resolve(options.projectRoot, options.out ?? DEFAULT_CORPUS_FILE);
  const recorded = readRecord(corpusFile, options);
  const chosen = choose(options, recorded);
  const read = options.onSkip ? { onSkip: options.onSkip } : {};
  const root = chosen.dir === null ? options.projectRoot : resolve(options.projectRoot, chosen.dir);
  const files: CorpusFile[] =
    chosen.dir === null ? await defaultCorpusFiles(options.projectRoot, read) : await markdownFiles(root, read);
  const source = chosen.dir === null ? "README.md and docs/" : shownPath(root, options.projectRoot);
  const warnings: string[] = files.length === 0 ? [emptyCorpusWarning(source)] : [];
  let bundled: Awaited<ReturnType<typeof bundle>> | undefined;
  let d1: D1Index | null = null;
  if (chosen.d1 === null) bundled = await bundle(files, corpusFile, recorded, options.projectRoot);
  else d1 = await intoD1(files, chosen.d1, corpusFile, options);
  const record = bundled?.built ? { ...chosen, built: bundled.built } : chosen;
  if (!recordSource(corpusFile, options.projectRoot, record))
    warnings.push(
      `wrangler dev does not watch ${source}: it holds ${shownPath(corpusFile, options.projectRoot)} itself`,
    );
  const size = bundled && sizeWarning(bundled.index.worker_gzip_bytes_estimate);
  if (size) warnings.push(size);
  const binding = bindingWarning(options.projectRoot, chosen.d1);
  if (binding) warnings.push(binding);
  return { source, documents: files.length, bundle: bundled?.index ?? null, d1, warnings };
}

/** The summary line `index` prints on stderr. */
function summary(result: IndexResult): string {
  const documents = count(result.documents, "document");
  if (result.d1) {
    const where = `${result.d1.remote ? "remote" : "local"} D1 database ${result.d1.database}`;
    return `frameline: indexed ${documents} from ${result.source} into the ${where}: ${summaryLine(result.d1)}`;
  }
  const chunks = count(result.bundle?.chunks ?? 0, "chunk");
  if (result.bundle?.unchanged)
    return `frameline: ${result.bundle.file} is up to date: ${documents}, ${chunks} from ${result.source}`;
  return `frameline: indexed ${documents}, ${chunks} from ${result.source}`;
}

/** The `index` command line. */
export const indexCli: Command = {
  name: "index",
  synopsis: "index [DIR] [--d1 DATABASE [--remote]] [--refresh] [--out FILE] [--json]",
  description: `builds the docs corpus and its search index from the Markdown in DIR
(default: README.md and docs/) into the file a Worker bundles (default FILE:
${DEFAULT_CORPUS_FILE}), or with --d1 into that D1 database (local, as wrangler
dev serves it; --remote: the deployed one), rewriting only what changed;
--refresh repeats the last run's choices (wrangler's build step runs it).
Warns when the Worker would pass a Workers plan's size limit (3 MiB gzipped
free, 10 MiB paid): then use --d1.`,
  details: `A bundled corpus already built from the same Markdown by this frameline is
left as it is ("up to date"). --json prints one JSON object on stdout:
  source      where Markdown was read from
  documents   how many documents were read
  bundle      null with --d1, else { file, chunks, unchanged, bytes,
              gzip_bytes, worker_gzip_bytes_estimate }
  d1          null without --d1, else { database, remote, written, removed,
              unchanged, chunks }
  warnings    the warnings, also printed on stderr`,
  options: {
    refresh: { type: "boolean" },
    out: { type: "string" },
    d1: { type: "string" },
    remote: { type: "boolean" },
    json: { type: "boolean" },
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
    for (const warning of result.warnings) input.err(`frameline: warning: ${warning}`);
    if (flag(input, "json")) writeJson(input, result);
    else input.err(summary(result));
    return 0;
  },
};
