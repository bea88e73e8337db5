/**
 * F1 scores on an absolute scale (spec §1.8 `score` ∈ [0, 1]): how much of a
 * query a chunk matches, computed the same way in both serving modes from the
 * query's terms, their document frequencies and the chunk's own terms.
 */
import { type ChunkText, indexedTerms, PREFIX_MIN_LENGTH } from "./lexical.ts";

/** What a word the query term begins is worth, against 1 for the term itself. */
export const PREFIX_CREDIT = 0.3;
/** Two query terms are together when at most this many positions apart in the chunk. */
export const NEAR_DISTANCE = 2;
/** The share of a score that rests on the query's terms appearing together. */
export const PROXIMITY_SHARE = 0.15;

/**
 * The weight of a query term: its inverse document frequency,
 * `ln(1 + (N − df + 0.5) / (df + 0.5))` for `df` of `N` chunks holding it. A
 * term no chunk holds weighs the most, so missing it costs the most.
 */
export function termWeight(documentFrequency: number, chunkCount: number): number {
  return Math.log(1 + (chunkCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

/** Never equal to a term: keeps the title's last term and the body's first apart. */
const FIELD_GAP = "";

/** A chunk's terms for scoring: its trail's, then its text's (as indexed). */
export function chunkTerms(chunk: ChunkText): string[] {
  return [...indexedTerms(chunk.trail), FIELD_GAP, ...indexedTerms(chunk.text)];
}

/** How well one query term is matched: 1 when a chunk term is it, `PREFIX_CREDIT` when one begins with it. */
function credit(term: string, positions: ReadonlyMap<string, readonly number[]>, words: readonly string[]): number {
  if (positions.has(term)) return 1;
  if (term.length < PREFIX_MIN_LENGTH) return 0;
  return words.some((word) => word.length > term.length && word.startsWith(term)) ? PREFIX_CREDIT : 0;
}

/** Whether some occurrence of `a` is within `NEAR_DISTANCE` of one of `b` (both sorted). */
function near(a: readonly number[], b: readonly number[]): boolean {
  let j = 0;
  for (const i of a) {
    while (j < b.length && b[j]! < i - NEAR_DISTANCE) j += 1;
    if (j < b.length && b[j]! <= i + NEAR_DISTANCE) return true;
  }
  return false;
}

/** What a chunk shows of a query: the weighted share of its terms matched, and of its neighbouring terms found together. */
export interface Evidence {
  /** Σ weight × credit / Σ weight over the query's terms, in [0, 1]. */
  readonly coverage: number;
  /** The share of the query's neighbouring term pairs that stand within `NEAR_DISTANCE` in the chunk (1 for a one-term query). */
  readonly proximity: number;
}

/**
 * The evidence a chunk (its `chunkTerms`) gives for a query (its distinct
 * terms, in order, with their weights).
 */
export function evidence(terms: readonly string[], weights: readonly number[], chunk: readonly string[]): Evidence {
  const positions = new Map<string, number[]>();
  chunk.forEach((term, i) => {
    const list = positions.get(term);
    if (list) list.push(i);
    else positions.set(term, [i]);
  });
  const words = [...positions.keys()];
  let matched = 0;
  let total = 0;
  terms.forEach((term, i) => {
    matched += weights[i]! * credit(term, positions, words);
    total += weights[i]!;
  });
  let together = 0;
  for (let i = 1; i < terms.length; i++) {
    const [a, b] = [positions.get(terms[i - 1]!), positions.get(terms[i]!)];
    if (a && b && near(a, b)) together += 1;
  }
  return {
    coverage: total === 0 ? 0 : matched / total,
    proximity: terms.length < 2 ? 1 : together / (terms.length - 1),
  };
}

/**
 * A chunk's F1 score from its evidence and its engine score relative to the
 * best hit of the query (`relative` ∈ [0, 1], 1 for the best): coverage ×
 * (1 − PROXIMITY_SHARE × (1 − proximity)) × relative. A chunk can score no
 * more than the share of the query it matches, so a query whose terms are
 * missing scores low whatever else matches (a chunk holding none of them
 * exactly, at most `PREFIX_CREDIT`), and 1.0 means every term found, together,
 * in the engine's best hit.
 */
export function absoluteScore(found: Evidence, relative: number): number {
  const together = 1 - PROXIMITY_SHARE * (1 - found.proximity);
  return Math.min(1, Math.max(0, found.coverage * together * Math.min(1, Math.max(0, relative))));
}
