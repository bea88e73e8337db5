/**
 * Writing a corpus into D1, incrementally (spec §1.8, §1.14): from the
 * documents a database holds and the files on disk, the statements that
 * re-chunk and rewrite only what changed. Runtime-neutral: the caller runs
 * them (the CLI through `wrangler d1 execute`, tests through a binding).
 */
import { contentDigest } from "../../attest/hash.ts";
import { buildDocument, type CorpusFile, corpusSources } from "../corpus.ts";
import { indexedTerms } from "../lexical.ts";
import type { DocsChunk } from "../schema.ts";
import { D1_CORPUS_FORMAT, SCHEMA } from "./schema.ts";

/** One SQL statement and the values bound to its `?`s. */
export interface Statement {
  readonly sql: string;
  readonly params: readonly (string | number)[];
}

/** A document as the database holds it: its path, whole-file digest and link targets (JSON). */
export interface StoredDocument {
  readonly path: string;
  readonly digest: string;
  readonly link_targets: string;
}

/** The statements of an update and what they do. */
interface D1Update {
  readonly statements: readonly Statement[];
  /** Documents re-chunked and written (new, edited, or linking to a document added or removed). */
  readonly written: readonly string[];
  readonly removed: readonly string[];
  readonly unchanged: number;
  /** Chunks written. */
  readonly chunks: number;
}

/** The longest piece of chunk text in one statement (UTF-16 units; at most 90 KB as UTF-8, under D1's 100 KB). */
export const TEXT_PIECE = 30_000;
/** The longest chunk text D1 can hold in its row (2 MB), as UTF-16 units at 3 bytes each. */
export const MAX_CHUNK_TEXT = 600_000;

/** The statement that reads what `d1Update` needs to know about a database. */
export const STORED_DOCUMENTS = "SELECT path, digest, link_targets FROM docs_documents";

/** Splits text into pieces of at most `TEXT_PIECE` units (the first at most `first`), never inside a surrogate pair. */
function pieces(text: string, first: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; ) {
    let end = Math.min(text.length, i + (out.length === 0 ? first : TEXT_PIECE));
    if (end < text.length && /[\uD800-\uDBFF]/.test(text[end - 1]!)) end -= 1;
    out.push(text.slice(i, end));
    i = end;
  }
  return out.length === 0 ? [""] : out;
}

/** Removes a document and everything of it. */
function deleteDocument(path: string): Statement[] {
  return [
    { sql: "DELETE FROM docs_search WHERE rowid IN (SELECT rowid FROM docs_chunks WHERE path = ?)", params: [path] },
    { sql: "DELETE FROM docs_links WHERE path = ?", params: [path] },
    { sql: "DELETE FROM docs_chunks WHERE path = ?", params: [path] },
    { sql: "DELETE FROM docs_documents WHERE path = ?", params: [path] },
  ];
}

/**
 * Writes one chunk: its row with its distinct terms (long text appended piece
 * by piece, so no statement passes D1's 100 KB), its FTS5 row and its links.
 */
function insertChunk(chunk: DocsChunk, ord: number): Statement[] {
  if (chunk.text.length > MAX_CHUNK_TEXT)
    throw new RangeError(
      `${chunk.id} is too long for a D1 row (${chunk.text.length} characters): split it with headings`,
    );
  const [title, body] = [indexedTerms(chunk.trail), indexedTerms(chunk.text)];
  const distinct = [...new Set([...title, ...body])].join(" ");
  const [first, ...rest] = pieces(chunk.text, Math.max(0, TEXT_PIECE - distinct.length));
  return [
    {
      sql: "INSERT INTO docs_chunks (id, path, ord, kind, uri, trail, start_line, end_line, text, digest, relations, terms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      params: [
        chunk.id,
        chunk.path,
        ord,
        chunk.kind,
        chunk.uri,
        chunk.trail,
        chunk.start,
        chunk.end,
        first!,
        chunk.digest,
        JSON.stringify(chunk.relations),
        distinct,
      ],
    },
    ...rest.map((piece) => ({
      sql: "UPDATE docs_chunks SET text = text || ? WHERE id = ?",
      params: [piece, chunk.id],
    })),
    {
      sql: "INSERT INTO docs_search (rowid, title, body) SELECT rowid, ?, ? FROM docs_chunks WHERE id = ?",
      params: [title.join(" "), body.join(" "), chunk.id],
    },
    ...chunk.relations.map((relation) => ({
      sql: "INSERT INTO docs_links (chunk_id, path, target_uri) VALUES (?, ?, ?)",
      params: [chunk.id, chunk.path, relation.target_uri],
    })),
  ];
}

/**
 * What changed: the paths removed, and the documents to rewrite: new ones, edited ones (`digests` holds
 * the current digest of each stored path still present), and unchanged ones linking to a path added or
 * removed (their relations change).
 */
function changes(
  stored: ReadonlyMap<string, StoredDocument>,
  paths: ReadonlySet<string>,
  digests: ReadonlyMap<string, string>,
): { rewrite: Set<string>; removed: string[] } {
  const added = [...paths].filter((path) => !stored.has(path));
  const removed = [...stored.keys()].filter((path) => !paths.has(path));
  const moved = new Set([...added, ...removed]);
  const rewrite = new Set(added);
  for (const [path, digest] of digests) {
    const before = stored.get(path)!;
    const targets = JSON.parse(before.link_targets) as string[];
    if (before.digest !== digest || targets.some((target) => moved.has(target))) rewrite.add(path);
  }
  return { rewrite, removed };
}

/**
 * The statements that make a database holding `stored` (the rows of
 * `STORED_DOCUMENTS`; none for a new database) hold the corpus of `files`,
 * touching only what changed: the schema (idempotent), deletes of removed and
 * rewritten documents, the rewritten documents' rows, and the chunk count.
 * Throws `RangeError` for a bad path or a chunk too long for a D1 row.
 */
export async function d1Update(stored: readonly StoredDocument[], files: readonly CorpusFile[]): Promise<D1Update> {
  const sources = corpusSources(files);
  const paths = new Set(sources.map((source) => source.path));
  const before = new Map(stored.map((row) => [row.path, row]));
  // Only a stored document's digest is compared; a new one is written (and hashed) by buildDocument.
  const kept = sources.filter((source) => before.has(source.path));
  const digests = new Map(await Promise.all(kept.map(async (s) => [s.path, await contentDigest(s.text)] as const)));
  const { rewrite, removed } = changes(before, paths, digests);
  const statements: Statement[] = [
    ...SCHEMA.map((sql) => ({ sql, params: [] })),
    { sql: "INSERT OR REPLACE INTO docs_meta (key, value) VALUES ('format', ?)", params: [D1_CORPUS_FORMAT] },
    ...[...removed, ...[...rewrite].filter((path) => before.has(path))].flatMap(deleteDocument),
  ];
  let chunks = 0;
  for (const source of sources.filter((s) => rewrite.has(s.path))) {
    const { document, chunks: built, linkTargets } = await buildDocument(source, paths);
    statements.push({
      sql: "INSERT INTO docs_documents (path, uri, title, digest, lines, link_targets) VALUES (?, ?, ?, ?, ?, ?)",
      params: [
        document.path,
        document.uri,
        document.title,
        document.digest,
        document.lines,
        JSON.stringify(linkTargets),
      ],
    });
    for (const [ord, chunk] of built.entries()) statements.push(...insertChunk(chunk, ord));
    chunks += built.length;
  }
  statements.push({
    sql: "INSERT OR REPLACE INTO docs_meta (key, value) SELECT 'chunks', CAST(count(*) AS TEXT) FROM docs_chunks",
    params: [],
  });
  const written = sources.filter((s) => rewrite.has(s.path)).map((s) => s.path);
  return { statements, written, removed, unchanged: sources.length - written.length, chunks };
}
