/**
 * What `frameline index` remembers beside the corpus file, so `frameline
 * index --refresh` (wrangler's build step) repeats it: the folder indexed and
 * the D1 database written, in `corpus.source.json`; and `corpus-dir`, a link
 * to that folder, which wrangler.toml's `watch_dir` names, so `wrangler dev`
 * rebuilds when a file in it changes.
 */
import { existsSync, lstatSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import * as v from "valibot";
import type { BuiltCorpus } from "./corpus-freshness.ts";
import { isWithin } from "./path-within.ts";

/** The choices a corpus was built with (folder relative to the project; null for README.md and docs/). */
export interface CorpusSource {
  readonly dir: string | null;
  /** The D1 database the corpus was written to, or null when it is bundled. */
  readonly d1: string | null;
  /** What the bundled corpus was built from, so a run with the same inputs leaves it (corpus-freshness.ts). */
  readonly built?: BuiltCorpus;
}

const BuiltCorpusSchema = v.object({
  inputs: v.string(),
  module: v.string(),
  chunks: v.number(),
  gzipBytes: v.number(),
});

/** The record beside a corpus file. */
export function sourceFile(corpusFile: string): string {
  return join(dirname(corpusFile), "corpus.source.json");
}

/** The link beside a corpus file to the folder it was built from (wrangler.toml watches it). */
function watchLink(corpusFile: string): string {
  return join(dirname(corpusFile), "corpus-dir");
}

/** The record for a corpus file; the default (README.md and docs/, bundled, not built) when there is none. */
export function recordedSource(corpusFile: string): CorpusSource {
  const file = sourceFile(corpusFile);
  if (!existsSync(file)) return { dir: null, d1: null };
  const { dir, d1, built } = JSON.parse(readFileSync(file, "utf8")) as { dir?: unknown; d1?: unknown; built?: unknown };
  const parsed = v.safeParse(BuiltCorpusSchema, built);
  return {
    dir: typeof dir === "string" ? dir : null,
    d1: typeof d1 === "string" ? d1 : null,
    ...(parsed.success ? { built: parsed.output } : {}),
  };
}

/**
 * Records `source` beside `corpusFile` and points the watch link at its folder
 * (no link for the default corpus, whose folders wrangler.toml names itself).
 * Returns false when the folder holds the corpus file itself, which wrangler
 * must not watch (each build would start the next): then there is no link.
 * A path at the link's place that is not a link is left alone.
 */
export function recordSource(corpusFile: string, projectRoot: string, source: CorpusSource): boolean {
  writeFileSync(sourceFile(corpusFile), `${JSON.stringify(source)}\n`);
  const link = watchLink(corpusFile);
  const stat = lstatSync(link, { throwIfNoEntry: false });
  if (stat && !stat.isSymbolicLink()) return true;
  if (stat) rmSync(link);
  if (source.dir === null) return true;
  const folder = resolve(projectRoot, source.dir);
  if (isWithin(folder, corpusFile)) return false;
  // A junction on Windows (no privilege needed); the type is ignored elsewhere.
  symlinkSync(folder, link, "junction");
  return true;
}
