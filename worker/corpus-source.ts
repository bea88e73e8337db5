/**
 * Where the Worker's docs provider reads its corpus (spec §1.8 frames to be):
 * the D1 database bound as DOCS_DB when wrangler.toml binds one (written by
 * `frameline index DIR --d1 NAME`), else the corpus bundled with the script
 * (worker/corpus.json, with its search index, built by `frameline index`).
 */
import { type D1DocsDatabase, type DocsCorpus, readCorpus } from "../src/docs-provider/index.ts";
import corpusJson from "./corpus.json";

/** The binding of a D1 corpus (wrangler.toml: d1_databases = [{ binding = "DOCS_DB", database_name = "…" }]). */
export interface CorpusBindings {
  readonly DOCS_DB?: D1DocsDatabase;
}

/** The bundled corpus, checked when the Worker starts (empty when the corpus lives in D1); its index is loaded on first use. */
const bundled: DocsCorpus = readCorpus(corpusJson);

/** The D1 database when bound, else the bundled corpus. */
export function corpusSource(env: CorpusBindings): DocsCorpus | D1DocsDatabase {
  return env.DOCS_DB ?? bundled;
}
