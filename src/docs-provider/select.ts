/**
 * Choosing the chunks a query is answered with, best first (spec §1.6, §4.13):
 * lexical hits scored on an absolute scale (F1), anchored chunks first (G3,
 * G4), and each content served once (D2).
 */
import type { ContextQuery } from "../protocol/query.ts";
import { MAX_QUERY_TERMS } from "./lexical.ts";
import type { DocsChunk } from "./schema.ts";
import { absoluteScore, evidence, termWeight } from "./score.ts";
import type { ChunkKind, ChunkPlace, DocsStore } from "./store.ts";
import { phraseTerms, queryTerms } from "./terms.ts";

/** Lexical candidates asked of a store per frame the query allows (more than one, since the kit skips what does not fit). */
const CANDIDATES_PER_FRAME = 3;
/** The fewest and the most lexical candidates asked of a store for one query. */
const MIN_CANDIDATES = 64;
const MAX_CANDIDATES = 200;
/** Anchors read from one query (a longer list is read up to here). */
export const MAX_ANCHORS = 256;
/** Other places of the same content named in a frame's provenance, at most. */
const MAX_SAME_CONTENT = 8;

/** A chunk chosen for a query: its F1 score and the other chunks with the same content (served as provenance). */
interface Selection {
  readonly chunk: DocsChunk;
  readonly score: number;
  readonly sameContent: readonly ChunkPlace[];
}

interface Scored {
  readonly chunk: DocsChunk;
  readonly score: number;
  /** Whether the search found it (its shared places came with the search). */
  readonly fromSearch?: boolean;
}

const SERVED: readonly ChunkKind[] = ["doc", "snippet"];

/** The lexical text of a query: `query_text` and `goal` together (spec §1.6). */
function queryText(query: Pick<ContextQuery, "query_text" | "goal">): string {
  return [query.query_text, query.goal].filter((part) => part !== undefined).join("\n");
}

/** The kinds to search (Q1): the served ones the query asks for, all of them when it asks for none. */
function kindsOf(query: Pick<ContextQuery, "kinds">): ChunkKind[] {
  const asked = query.kinds ?? [];
  return asked.length === 0 ? [...SERVED] : SERVED.filter((kind) => asked.includes(kind));
}

/** The store's hits for `terms`, scored by `absoluteScore` and sorted (ties keep the engine's order), and the places of their contents. */
async function lexical(
  store: DocsStore,
  text: string,
  kinds: readonly ChunkKind[],
  limit: number,
): Promise<{ hits: Scored[]; places: readonly ChunkPlace[] }> {
  const terms = queryTerms(text).slice(0, MAX_QUERY_TERMS);
  const phrase = phraseTerms(text).slice(0, MAX_QUERY_TERMS);
  if (terms.length === 0 || kinds.length === 0) return { hits: [], places: [] };
  const found = await store.search(terms, kinds, limit, MAX_SAME_CONTENT + 1);
  const best = found.hits[0]?.score ?? 1;
  const weights = terms.map((term) => termWeight(found.documentFrequency.get(term) ?? 0, found.chunkCount));
  const scored = found.hits.map((hit, order) => ({
    chunk: hit.chunk,
    score: absoluteScore(evidence(terms, weights, hit, phrase, hit.chunk), hit.score / best),
    fromSearch: true,
    order,
  }));
  return { hits: scored.sort((a, b) => b.score - a.score || a.order - b.order), places: found.sameContent };
}

/**
 * G3/G4: with anchored chunks, they all come first: those with a lexical hit
 * by relevance at 0.5 + 0.5 × score, then the others in corpus order at 0.5;
 * the remaining hits follow at 0.5 × score. Scores never increase down the list.
 */
function anchoredFirst(hits: readonly Scored[], anchored: readonly DocsChunk[]): Scored[] {
  if (anchored.length === 0) return [...hits];
  const anchoredIds = new Set(anchored.map((chunk) => chunk.id));
  const hitIds = new Set(hits.map((hit) => hit.chunk.id));
  return [
    ...hits.filter((hit) => anchoredIds.has(hit.chunk.id)).map((hit) => ({ ...hit, score: 0.5 + 0.5 * hit.score })),
    ...anchored.filter((chunk) => !hitIds.has(chunk.id)).map((chunk) => ({ chunk, score: 0.5 })),
    ...hits.filter((hit) => !anchoredIds.has(hit.chunk.id)).map((hit) => ({ ...hit, score: 0.5 * hit.score })),
  ];
}

/**
 * Keeps the first chunk of each content (D2: same digest, same bytes); the
 * others become its `sameContent` (`known` places, and the store's for
 * digests they do not cover).
 */
async function servedOnce(
  store: DocsStore,
  ranked: readonly Scored[],
  known: readonly ChunkPlace[],
): Promise<Selection[]> {
  const covered = new Set(known.map((place) => place.digest));
  const hits = new Set(ranked.filter((entry) => entry.fromSearch).map((entry) => entry.chunk.digest));
  const missing = [...new Set(ranked.map((entry) => entry.chunk.digest))].filter(
    (d) => !hits.has(d) && !covered.has(d),
  );
  const places = missing.length === 0 ? known : [...known, ...(await store.sameContent(missing, MAX_SAME_CONTENT + 1))];
  const shared = new Map<string, ChunkPlace[]>();
  for (const chunk of places) {
    const list = shared.get(chunk.digest);
    if (list) list.push(chunk);
    else shared.set(chunk.digest, [chunk]);
  }
  const seen = new Set<string>();
  const out: Selection[] = [];
  for (const entry of ranked) {
    if (seen.has(entry.chunk.digest)) continue;
    seen.add(entry.chunk.digest);
    const others = (shared.get(entry.chunk.digest) ?? []).filter((chunk) => chunk.id !== entry.chunk.id);
    out.push({ ...entry, sameContent: others.slice(0, MAX_SAME_CONTENT) });
  }
  return out;
}

/**
 * The chunks that answer `query` from `store`, best first, each content once:
 * see `absoluteScore` for lexical scores and `anchoredFirst` for anchors.
 * At most `MAX_CANDIDATES` lexical hits are read, and as many anchored chunks.
 */
export async function selectChunks(store: DocsStore, query: ContextQuery): Promise<Selection[]> {
  const kinds = kindsOf(query);
  const limit = Math.min(MAX_CANDIDATES, Math.max(MIN_CANDIDATES, CANDIDATES_PER_FRAME * query.max_frames));
  const anchors = (query.anchors ?? []).slice(0, MAX_ANCHORS);
  const [found, anchored] = await Promise.all([
    lexical(store, queryText(query), kinds, limit),
    anchors.length === 0 || kinds.length === 0 ? [] : store.anchored(anchors, kinds, limit),
  ]);
  return servedOnce(store, anchoredFirst(found.hits, anchored), found.places);
}
