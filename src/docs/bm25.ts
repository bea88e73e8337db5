/**
 * A BM25 index over docs chunks (k1 = 1.2, b = 0.75), the lexical half of the
 * docs provider's ranking (spec §1.6 `query_text`/`goal`; F1 scores come from it).
 */
import { tokenize } from "./tokenize.ts";

/** BM25 term-frequency saturation (behind the F1 scores). */
export const BM25_K1 = 1.2;
/** BM25 length normalization (behind the F1 scores). */
export const BM25_B = 0.75;

/** One ranked chunk: its index in the indexed list and its raw BM25 score (> 0; normalized into F1's [0, 1] by `rankChunks`). */
export interface SearchHit {
  readonly chunkIndex: number;
  readonly score: number;
}

/** A built index: `search` ranks the indexed texts for a query's text (spec §1.6). */
export interface Bm25Index {
  /** Number of indexed texts. */
  readonly size: number;
  /** Texts with a positive score, best first; equal scores keep index order. */
  search(text: string): SearchHit[];
}

/**
 * Builds a BM25 index over `texts` (for docs chunks: heading trail plus chunk
 * text). Scores use the non-negative idf `ln(1 + (N − df + 0.5) / (df + 0.5))`;
 * a query term counts once per occurrence in the query.
 *
 * @example
 * const index = bm25Index(["retry with backoff", "signing keys"]);
 * index.search("backoff")[0]; // { chunkIndex: 0, score: … }
 */
export function bm25Index(texts: readonly string[]): Bm25Index {
  const postings = new Map<string, { index: number; tf: number }[]>();
  const lengths = texts.map((text, index) => {
    const terms = tokenize(text);
    const counts = new Map<string, number>();
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const [term, tf] of counts) {
      let list = postings.get(term);
      if (!list) {
        list = [];
        postings.set(term, list);
      }
      list.push({ index, tf });
    }
    return terms.length;
  });
  const count = texts.length;
  const average = count === 0 ? 0 : lengths.reduce((sum, n) => sum + n, 0) / count;
  return {
    size: count,
    search(text) {
      const scores = new Float64Array(count);
      for (const term of tokenize(text)) {
        const list = postings.get(term);
        if (!list) continue;
        const idf = Math.log(1 + (count - list.length + 0.5) / (list.length + 0.5));
        for (const { index, tf } of list) {
          const norm = BM25_K1 * (1 - BM25_B + (BM25_B * lengths[index]!) / (average || 1));
          scores[index]! += (idf * tf * (BM25_K1 + 1)) / (tf + norm);
        }
      }
      const hits: SearchHit[] = [];
      scores.forEach((score, chunkIndex) => {
        if (score > 0) hits.push({ chunkIndex, score });
      });
      return hits.sort((a, b) => b.score - a.score || a.chunkIndex - b.chunkIndex);
    },
  };
}
