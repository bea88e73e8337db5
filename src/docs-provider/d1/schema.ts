/**
 * The docs corpus in a D1 database (SQLite): tables for documents, chunks
 * (spec §1.8 frames to be, §1.14 line ranges) and their links (G4 anchors),
 * and an FTS5 index over the same terms the bundled index holds.
 */
import { TITLE_WEIGHT } from "../lexical.ts";

/** The layout this code writes and reads (`docs_meta.format`). */
export const D1_CORPUS_FORMAT = "frameline-docs-d1/1";

/**
 * The schema, idempotent. `docs_search` is a contentless FTS5 table (the text
 * lives once, in `docs_chunks`) whose rows are the chunks' search terms,
 * already stemmed and split by `terms.ts`: FTS5's own `porter` tokenizer is
 * not used, so both modes index exactly the same terms, identifiers split
 * included, and `remove_diacritics 0` keeps them as they are. `docs_terms`
 * gives each term's document frequency (F1 scores weigh terms by it), and
 * `docs_chunks.terms` each chunk's distinct terms (which query terms a hit
 * holds, without a query per term).
 */
export const SCHEMA: readonly string[] = [
  "CREATE TABLE IF NOT EXISTS docs_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
  "CREATE TABLE IF NOT EXISTS docs_documents (path TEXT PRIMARY KEY, uri TEXT NOT NULL, title TEXT NOT NULL, digest TEXT NOT NULL, lines INTEGER NOT NULL, link_targets TEXT NOT NULL)",
  "CREATE TABLE IF NOT EXISTS docs_chunks (rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, path TEXT NOT NULL, ord INTEGER NOT NULL, kind TEXT NOT NULL, uri TEXT NOT NULL, trail TEXT NOT NULL, start_line INTEGER NOT NULL, end_line INTEGER NOT NULL, text TEXT NOT NULL, digest TEXT NOT NULL, relations TEXT NOT NULL, terms TEXT NOT NULL)",
  "CREATE INDEX IF NOT EXISTS docs_chunks_order ON docs_chunks (path, ord)",
  "CREATE INDEX IF NOT EXISTS docs_chunks_uri ON docs_chunks (uri)",
  "CREATE INDEX IF NOT EXISTS docs_chunks_digest ON docs_chunks (digest)",
  "CREATE TABLE IF NOT EXISTS docs_links (chunk_id TEXT NOT NULL, path TEXT NOT NULL, target_uri TEXT NOT NULL)",
  "CREATE INDEX IF NOT EXISTS docs_links_target ON docs_links (target_uri)",
  "CREATE INDEX IF NOT EXISTS docs_links_path ON docs_links (path)",
  "CREATE VIRTUAL TABLE IF NOT EXISTS docs_search USING fts5(title, body, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0')",
  "CREATE VIRTUAL TABLE IF NOT EXISTS docs_terms USING fts5vocab(docs_search, 'row')",
];

/** The chunk columns a frame is made of, in `rowChunk`'s order. */
export const CHUNK_COLUMNS =
  "c.id, c.kind, c.path, c.ord, c.uri, c.trail, c.start_line, c.end_line, c.text, c.digest, c.relations";

/** FTS5's bm25() with the title weighted as in the bundled index. */
export const BM25 = `bm25(docs_search, ${TITLE_WEIGHT.toFixed(1)}, 1.0)`;

/** Most values bound to one D1 statement (D1 allows 100). */
const MAX_BOUND = 90;

/** Splits `values` into groups that fit one statement with `reserved` other bound values. */
export function groups<T>(values: readonly T[], reserved = 0): T[][] {
  const size = MAX_BOUND - reserved;
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}

/** `?, ?, …` for `count` values. */
export function placeholders(count: number): string {
  return new Array(count).fill("?").join(", ");
}
