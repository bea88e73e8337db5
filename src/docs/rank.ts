/**
 * Ranking docs chunks for a query: BM25 relevance normalized into [0, 1]
 * (F1), anchored chunks boosted and first (spec §2.8 G3, G4).
 */
import type { Bm25Index } from "./bm25.ts";
import type { DocsChunk } from "./schema.ts";

/** One ranked chunk: its index in the corpus, its score in [0, 1] (F1), and whether an anchor names it (G4). */
export interface RankedChunk {
  readonly chunkIndex: number;
  readonly score: number;
  readonly anchored: boolean;
}

/** G4: a chunk is anchored when its `uri` or a relation's `target_uri` equals an anchor. */
export function isAnchored(chunk: Pick<DocsChunk, "uri" | "relations">, anchors: ReadonlySet<string>): boolean {
  return anchors.has(chunk.uri) || chunk.relations.some((relation) => anchors.has(relation.target_uri));
}

/**
 * Ranks chunks for `text` (the query's `query_text` and `goal`) and
 * `anchors`. Without an anchored chunk: the lexical hits, best first, score =
 * BM25 / best BM25 (so the best is 1.0), nothing without a hit. With one (G3,
 * G4): every anchored chunk comes first, lexical hits among them by relevance
 * with score 0.5 + 0.5 × relevance, then the anchored chunks with no hit in
 * corpus order at 0.5, then the other hits at 0.5 × relevance. Scores never
 * increase down the list; ties keep corpus order.
 */
export function rankChunks(
  chunks: readonly Pick<DocsChunk, "uri" | "relations">[],
  index: Bm25Index,
  text: string,
  anchors: readonly string[] = [],
): RankedChunk[] {
  const hits = index.search(text);
  const best = hits[0]?.score ?? 1;
  const anchorSet = new Set(anchors);
  const anchored = anchorSet.size === 0 ? [] : chunks.flatMap((chunk, i) => (isAnchored(chunk, anchorSet) ? [i] : []));
  if (anchored.length === 0)
    return hits.map((hit) => ({ chunkIndex: hit.chunkIndex, score: hit.score / best, anchored: false }));
  const anchoredSet = new Set(anchored);
  const relevant = new Set(hits.map((hit) => hit.chunkIndex));
  const relevance = (hit: { score: number }) => hit.score / best;
  return [
    ...hits
      .filter((hit) => anchoredSet.has(hit.chunkIndex))
      .map((hit) => ({ chunkIndex: hit.chunkIndex, score: 0.5 + 0.5 * relevance(hit), anchored: true })),
    ...anchored.filter((i) => !relevant.has(i)).map((i) => ({ chunkIndex: i, score: 0.5, anchored: true })),
    ...hits
      .filter((hit) => !anchoredSet.has(hit.chunkIndex))
      .map((hit) => ({ chunkIndex: hit.chunkIndex, score: 0.5 * relevance(hit), anchored: false })),
  ];
}
