/**
 * Where a docs provider reads its chunks (spec §1.8 frames to be): the bundled
 * corpus in memory, or a D1 database. Both answer the same four questions, so
 * ranking, anchors (G4), serving identical content once and `verify`
 * (§1.10) are one path for both.
 */
import type { TermMatches } from "./lexical.ts";
import type { DocsChunk } from "./schema.ts";

/** The kinds a docs corpus serves (spec §1.8 `kind`). */
export type ChunkKind = DocsChunk["kind"];

/** Where a chunk's bytes are (spec §1.8 `file` provenance): enough to name them and their digest. */
export type ChunkPlace = Pick<DocsChunk, "id" | "uri" | "start" | "end" | "digest">;

/** One lexical hit: the chunk, its engine score (> 0, comparable only within one search), and which query terms it holds. */
interface StoreHit extends TermMatches {
  readonly chunk: DocsChunk;
  readonly score: number;
}

/**
 * What a search finds: the best hits; for each query term how many chunks of
 * all `chunkCount` hold it; and the places of the hits' contents shared by
 * several chunks (as `sameContent` gives them, so no second look-up is needed).
 */
interface StoreResult {
  readonly hits: readonly StoreHit[];
  readonly documentFrequency: ReadonlyMap<string, number>;
  readonly chunkCount: number;
  readonly sameContent: readonly ChunkPlace[];
}

/** A source of chunks for `docsProvider`. */
export interface DocsStore {
  /** The best (at most `limit`) chunks of `kinds` for the query's terms (spec §1.6), with `places` places per shared content. */
  search(terms: readonly string[], kinds: readonly ChunkKind[], limit: number, places: number): Promise<StoreResult>;
  /** Chunks of `kinds` anchored by one of `anchors` (G4: their `uri`, or a relation's `target_uri`), in corpus order, at most `limit`. */
  anchored(anchors: readonly string[], kinds: readonly ChunkKind[], limit: number): Promise<DocsChunk[]>;
  /** For each of `digests` that several chunks share, its first `limit` chunks in corpus order (the same content, D2). */
  sameContent(digests: readonly string[], limit: number): Promise<ChunkPlace[]>;
  /** The current digest of the chunk with frame id `id`, or undefined when there is none (V2–V4). */
  digest(id: string): Promise<string | undefined>;
}
