/**
 * What both serving modes index and match the same way (spec §1.6
 * `query_text`/`goal` against §1.8 frame text): the bundled MiniSearch index
 * and D1's FTS5 table hold the same terms (`terms.ts`), in the same two
 * fields, weighted alike.
 */
import type { DocsChunk } from "./schema.ts";
import { searchTerms } from "./terms.ts";

/** The text of a chunk that is searched: its heading trail (the title field) and its lines (the body). */
export type ChunkText = Pick<DocsChunk, "trail" | "text">;

/** Which query terms a chunk holds, as its store found them: exactly, or only as the start of a longer word (terms of `PREFIX_MIN_LENGTH`+ characters). */
export interface TermMatches {
  readonly exact: ReadonlySet<string>;
  readonly prefixed: ReadonlySet<string>;
}

/** How much more a term counts in the title field (the heading trail) than in the body. */
export const TITLE_WEIGHT = 2;
/** A query term at least this long also matches the words it begins (`retri` → `retries`, `timeout` ← `time`). */
export const PREFIX_MIN_LENGTH = 4;
/**
 * Characters of terms indexed per field of a chunk (each term with one
 * separator): a longer section is searched by its first terms. Bounds the
 * index, and keeps one chunk's FTS5 row within a D1 statement (100 KB).
 */
const INDEXED_CHARS_PER_FIELD = 40_000;
/** Distinct query terms used (a longer query is matched by its first ones). */
export const MAX_QUERY_TERMS = 32;

/** The terms of one field of a chunk as both indexes hold them (at most `INDEXED_CHARS_PER_FIELD`). */
export function indexedTerms(text: string): string[] {
  return searchTerms(text, INDEXED_CHARS_PER_FIELD);
}
