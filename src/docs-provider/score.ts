/**
 * F1 scores on an absolute scale (spec §1.8 `score` ∈ [0, 1]): how much of a
 * query a chunk matches, computed the same way in both serving modes from the
 * query's terms, their document frequencies and the chunk's own terms.
 */
import type { ChunkText, TermMatches } from "./lexical.ts";
import { wordTerm } from "./terms.ts";

/** What a word the query term begins is worth, against 1 for the term itself. */
export const PREFIX_CREDIT = 0.3;
/** Two query terms are together when at most this many positions apart in the chunk. */
const NEAR_DISTANCE = 2;
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

/** Whether a UTF-16 unit (of lowercased text) is part of a word: an ASCII letter or digit, `_`, or a letter beyond ASCII (not its punctuation or spaces). */
function isWordUnit(c: number): boolean {
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95;
  return c !== 0xa0 && !(c >= 0x2000 && c <= 0x206f) && !(c >= 0x3000 && c <= 0x303f) && c !== 0xfeff;
}

/**
 * The first two units of a word as one number, underscores left out as its
 * term leaves them out (`_private` → `pr`): the key `positionsIn` checks
 * before stemming. A word of one unit has that unit as its key.
 */
function startKey(text: string, at: number, end: number): number {
  let key = 0;
  for (let i = at, taken = 0; i < end && taken < 2; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5f) continue;
    key = key * 0x10000 + c;
    taken += 1;
  }
  return key;
}

/** The first unit of a start key: the key of a one-unit term the word may begin with. */
function firstUnit(key: number): number {
  return key > 0xffff ? Math.floor(key / 0x10000) : key;
}

/**
 * Where the phrase's terms stand in a text, counted in words (every word, a
 * stopword too): one pass over the lowercased text, a word turned into its
 * term (`wordTerm`) only when it begins like one of them (its first two
 * letters, which a Porter stem keeps).
 */
function positionsIn(text: string, phrase: ReadonlySet<string>, starts: ReadonlySet<number>): Map<string, number[]> {
  const lower = text.toLowerCase();
  const positions = new Map<string, number[]>();
  let at = 0;
  for (let i = 0; i < lower.length; ) {
    while (i < lower.length && !isWordUnit(lower.charCodeAt(i))) i += 1;
    const begin = i;
    while (i < lower.length && isWordUnit(lower.charCodeAt(i))) i += 1;
    if (begin === i) break;
    at += 1;
    const key = startKey(lower, begin, i);
    if (!starts.has(key) && !starts.has(firstUnit(key))) continue;
    const term = wordTerm(lower.slice(begin, i));
    if (term === undefined || !phrase.has(term)) continue;
    const list = positions.get(term);
    if (list) list.push(at);
    else positions.set(term, [at]);
  }
  return positions;
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
interface Evidence {
  /** Σ weight × credit / Σ weight over the query's terms, in [0, 1]. */
  readonly coverage: number;
  /** The share of the query's neighbouring term pairs that stand within `NEAR_DISTANCE` words in the chunk (1 for a one-term query). */
  readonly proximity: number;
}

/**
 * The evidence a chunk gives for a query: coverage over its distinct terms
 * (with their weights) from the terms its store matched (1 for an exact
 * match, `PREFIX_CREDIT` for a word the term begins); proximity over its
 * phrase (`phraseTerms`) from one pass over the chunk's trail and its text
 * (kept apart).
 */
export function evidence(
  terms: readonly string[],
  weights: readonly number[],
  matches: TermMatches,
  phrase: readonly string[],
  chunk: ChunkText,
): Evidence {
  let matched = 0;
  let total = 0;
  terms.forEach((term, i) => {
    matched += weights[i]! * (matches.exact.has(term) ? 1 : matches.prefixed.has(term) ? PREFIX_CREDIT : 0);
    total += weights[i]!;
  });
  return { coverage: total === 0 ? 0 : matched / total, proximity: proximityOf(phrase, matches, chunk) };
}

/** The share of the phrase's neighbouring terms that stand together in the trail or in the text (1 for a phrase of one term). */
function proximityOf(phrase: readonly string[], matches: TermMatches, chunk: ChunkText): number {
  if (phrase.length < 2) return 1;
  // A pair can only stand together when the chunk holds both terms exactly.
  const pairs = phrase.slice(1).map((term, i) => [phrase[i]!, term] as const);
  const possible = pairs.filter(([a, b]) => matches.exact.has(a) && matches.exact.has(b));
  if (possible.length === 0) return 0;
  const wanted = new Set(possible.flat());
  const starts = new Set([...wanted].map((term) => startKey(term, 0, term.length)));
  const [inTitle, inText] = [positionsIn(chunk.trail, wanted, starts), positionsIn(chunk.text, wanted, starts)];
  const together = possible.filter(([a, b]) => pairNear(inTitle, a, b) || pairNear(inText, a, b)).length;
  return together / pairs.length;
}

function pairNear(positions: ReadonlyMap<string, readonly number[]>, a: string, b: string): boolean {
  const [x, y] = [positions.get(a), positions.get(b)];
  return x !== undefined && y !== undefined && near(x, y);
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
