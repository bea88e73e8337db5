/**
 * A D1 database written by `frameline index DIR --d1 NAME` as a `DocsStore`
 * (spec §1.6, §1.8, §1.10): FTS5 finds the candidates, and the same scoring,
 * anchors and verify as the bundled corpus serve them.
 */
import type { Relation } from "../../protocol/frame.ts";
import { PREFIX_MIN_LENGTH, type TermMatches } from "../lexical.ts";
import { type DocsChunk, DocsCorpusError } from "../schema.ts";
import type { ChunkPlace, DocsStore } from "../store.ts";
import { BM25, CHUNK_COLUMNS, D1_CORPUS_FORMAT, groups, placeholders } from "./schema.ts";
import { batchedLookup } from "./verify-batch.ts";

/** A prepared D1 statement, as far as the docs provider uses one. */
export interface D1DocsStatement {
  bind(...values: unknown[]): D1DocsStatement;
  all<T = Record<string, unknown>>(): Promise<{ results: T[] }>;
}

/** The part of a D1 binding (`D1Database`) the docs provider uses: `prepare` and `batch`. */
export interface D1DocsDatabase {
  prepare(query: string): D1DocsStatement;
  batch<T = Record<string, unknown>>(statements: D1DocsStatement[]): Promise<{ results: T[] }[]>;
}

interface ChunkRow {
  id: string;
  kind: string;
  path: string;
  ord: number;
  uri: string;
  trail: string;
  start_line: number;
  end_line: number;
  text: string;
  digest: string;
  relations: string;
}

/** A chunk row as a chunk (its relations stored as JSON). */
function rowChunk(row: ChunkRow): DocsChunk & { readonly ord: number } {
  return {
    id: row.id,
    kind: row.kind === "snippet" ? "snippet" : "doc",
    path: row.path,
    ord: row.ord,
    uri: row.uri,
    trail: row.trail,
    start: row.start_line,
    end: row.end_line,
    text: row.text,
    digest: row.digest,
    relations: JSON.parse(row.relations) as Relation[],
  };
}

interface PlaceRow {
  id: string;
  uri: string;
  start_line: number;
  end_line: number;
  digest: string;
}

function rowPlace(row: PlaceRow): ChunkPlace {
  return { id: row.id, uri: row.uri, start: row.start_line, end: row.end_line, digest: row.digest };
}

/** The FTS5 query of some terms: any of them, a term of `PREFIX_MIN_LENGTH`+ characters also as a prefix. */
function matchExpression(terms: readonly string[]): string {
  return terms.map((term) => (term.length >= PREFIX_MIN_LENGTH ? `"${term}"*` : `"${term}"`)).join(" OR ");
}

/** Reads `docs_meta`, failing clearly when the database holds no corpus of this format. */
function metaOf(rows: readonly { key: string; value: string }[]): { chunkCount: number } {
  const meta = new Map(rows.map((row) => [row.key, row.value]));
  if (meta.get("format") !== D1_CORPUS_FORMAT)
    throw new DocsCorpusError(
      `the D1 database holds no ${D1_CORPUS_FORMAT} corpus: run \`frameline index DIR --d1 NAME\``,
    );
  return { chunkCount: Number(meta.get("chunks") ?? 0) };
}

/** Runs a batch, turning a database without the docs tables into a clear `DocsCorpusError`. */
async function run<T>(db: D1DocsDatabase, statements: D1DocsStatement[]): Promise<{ results: T[] }[]> {
  try {
    return await db.batch<T>(statements);
  } catch (error) {
    if (/no such table/i.test(String((error as Error)?.message)))
      throw new DocsCorpusError(`the D1 database holds no docs corpus: run \`frameline index DIR --d1 NAME\``);
    throw error;
  }
}

/** The statements of one search: the corpus's meta, the terms' document frequencies, the best hits (with how many chunks share each one's content). */
function searchStatements(db: D1DocsDatabase, terms: readonly string[], kinds: readonly string[], limit: number) {
  return [
    db.prepare("SELECT key, value FROM docs_meta WHERE key IN ('format', 'chunks')"),
    db.prepare(`SELECT term, doc FROM docs_terms WHERE term IN (${placeholders(terms.length)})`).bind(...terms),
    db
      .prepare(
        `SELECT ${CHUNK_COLUMNS}, c.terms, ${BM25} AS rank,` +
          " (SELECT count(*) FROM docs_chunks d WHERE d.digest = c.digest) AS copies" +
          " FROM docs_search JOIN docs_chunks c ON c.rowid = docs_search.rowid" +
          ` WHERE docs_search MATCH ? AND c.kind IN (${placeholders(kinds.length)}) ORDER BY rank LIMIT ?`,
      )
      .bind(matchExpression(terms), ...kinds, limit),
  ];
}

/**
 * The anchored chunks' statement (G4: `uri`, or a link's `target_uri`). The anchors travel as one
 * bound JSON array read by `json_each`, so any number of them (up to the query's `MAX_ANCHORS`)
 * costs one bound value, where binding each anchor (twice: uri and link target) outgrew D1's 100.
 */
function anchoredStatement(db: D1DocsDatabase, anchors: readonly string[], kinds: readonly string[], limit: number) {
  return db
    .prepare(
      "WITH anchor(uri) AS (SELECT value FROM json_each(?))" +
        ` SELECT ${CHUNK_COLUMNS} FROM docs_chunks c WHERE (c.uri IN (SELECT uri FROM anchor)` +
        " OR c.id IN (SELECT chunk_id FROM docs_links WHERE target_uri IN (SELECT uri FROM anchor)))" +
        ` AND c.kind IN (${placeholders(kinds.length)}) ORDER BY c.path, c.ord LIMIT ?`,
    )
    .bind(JSON.stringify(anchors), ...kinds, limit);
}

/** Per group of digests: the first `limit` places of each digest several chunks share. */
function sameContentStatements(db: D1DocsDatabase, digests: readonly string[], limit: number) {
  return groups(digests, 1).map((group) =>
    db
      .prepare(
        "SELECT id, uri, start_line, end_line, digest FROM (SELECT id, uri, start_line, end_line, digest," +
          " ROW_NUMBER() OVER (PARTITION BY digest ORDER BY path, ord) AS n, COUNT(*) OVER (PARTITION BY digest) AS shared" +
          ` FROM docs_chunks WHERE digest IN (${placeholders(group.length)})) WHERE shared > 1 AND n <= ? ORDER BY digest, n`,
      )
      .bind(...group, limit),
  );
}

/**
 * Which query terms a hit holds (spec §1.6): exactly, or (a term of
 * `PREFIX_MIN_LENGTH`+ characters) only as the start of a longer term; read
 * from its stored distinct terms, which are the terms FTS5 indexed.
 */
function matchesOf(terms: readonly string[], stored: string): TermMatches {
  const held = stored.split(" ");
  const set = new Set(held);
  const exact = new Set(terms.filter((term) => set.has(term)));
  const prefixed = new Set(
    terms.filter(
      (term) =>
        !exact.has(term) &&
        term.length >= PREFIX_MIN_LENGTH &&
        held.some((word) => word.length > term.length && word.startsWith(term)),
    ),
  );
  return { exact, prefixed };
}

/**
 * A store over a D1 database holding a corpus written by `frameline index
 * DIR --d1 NAME`. A search is one batch (meta, document frequencies, FTS5
 * hits ranked by bm25() with the title weighted, with their stored terms),
 * and a second only when a hit's content is shared; `verify` lookups made
 * together are answered by one batch. Throws `DocsCorpusError` when the
 * database holds no corpus of this format.
 */
export function d1Store(db: D1DocsDatabase): DocsStore {
  const digest = batchedLookup(async (ids: readonly string[]) => {
    const statements = groups(ids).map((group) =>
      db.prepare(`SELECT id, digest FROM docs_chunks WHERE id IN (${placeholders(group.length)})`).bind(...group),
    );
    const results = await run<{ id: string; digest: string }>(db, statements);
    return new Map(results.flatMap((result) => result.results.map((row) => [row.id, row.digest] as const)));
  });
  const sameContent = async (digests: readonly string[], limit: number): Promise<ChunkPlace[]> => {
    if (digests.length === 0) return [];
    const results = await run<PlaceRow>(db, sameContentStatements(db, digests, limit));
    return results.flatMap((result) => result.results.map(rowPlace));
  };
  return {
    async search(terms, kinds, limit, places) {
      const [meta, frequencies, hits] = await run<Record<string, unknown>>(
        db,
        searchStatements(db, terms, kinds, limit),
      );
      const { chunkCount } = metaOf(meta!.results as { key: string; value: string }[]);
      const documentFrequency = new Map(
        (frequencies!.results as { term: string; doc: number }[]).map((row) => [row.term, row.doc]),
      );
      const rows = hits!.results as unknown as (ChunkRow & { terms: string; rank: number; copies: number })[];
      const shared = [...new Set(rows.filter((row) => row.copies > 1).map((row) => row.digest))];
      const found = rows.map((row) => ({ chunk: rowChunk(row), score: -row.rank, ...matchesOf(terms, row.terms) }));
      return { hits: found, documentFrequency, chunkCount, sameContent: await sameContent(shared, places) };
    },
    async anchored(anchors, kinds, limit) {
      // One statement; SQLite's binary order of paths is the corpus's code-point order (`comparePaths`).
      const [result] = await run<ChunkRow>(db, [anchoredStatement(db, anchors, kinds, limit)]);
      return result!.results.map(rowChunk);
    },
    sameContent,
    digest,
  };
}
