/**
 * The bundled lexical index over docs chunks, behind one small interface
 * (spec §1.6 `query_text`/`goal`; the F1 scores are made from its hits by
 * `score.ts`). The engine is MiniSearch (fielded BM25+, prefix matching, a
 * serializable index); no other file imports it.
 */
import MiniSearch, { type AsPlainObject, type Options, type SearchOptions } from "minisearch";
import { type ChunkText, indexedTerms, PREFIX_MIN_LENGTH, TITLE_WEIGHT, type TermMatches } from "./lexical.ts";
import { DocsCorpusError, type SearchIndexData } from "./schema.ts";

/** The format of a stored index: bump it whenever the terms, fields or engine change what is stored. */
export const SEARCH_INDEX_FORMAT = "frameline-docs-index/1";

/** One indexed chunk: its position in the corpus, and the text of its two fields. */
interface IndexedChunk {
  readonly id: number;
  readonly title: string;
  readonly body: string;
}

const SPLIT_ON_SPACES = (text: string) => text.split(" ");

const OPTIONS: Options<IndexedChunk> = {
  fields: ["title", "body"],
  tokenize: indexedTerms,
  processTerm: (term) => term,
};

const SEARCH: SearchOptions = {
  tokenize: SPLIT_ON_SPACES,
  boost: { title: TITLE_WEIGHT },
  prefix: (term) => term.length >= PREFIX_MIN_LENGTH,
  fuzzy: false,
  combineWith: "OR",
};

/** One hit of the engine: a chunk's position, its engine score (> 0; only comparable within one query), and the query terms it holds exactly and only as a prefix. */
interface EngineHit extends TermMatches {
  readonly chunkIndex: number;
  readonly score: number;
}

/** What one search finds: the best hits and, for each query term, how many chunks hold it exactly. */
interface EngineResult {
  readonly hits: readonly EngineHit[];
  readonly documentFrequency: ReadonlyMap<string, number>;
}

/** A loaded index: searches by query terms (spec §1.6). */
interface SearchIndex {
  /**
   * The accepted chunks whose fields hold a query term (or, for a term of
   * `PREFIX_MIN_LENGTH`+ characters, a word it begins), best first, at most
   * `limit`; document frequencies count every chunk, accepted or not.
   */
  search(terms: readonly string[], accept: (chunkIndex: number) => boolean, limit: number): EngineResult;
}

/** The index of `chunks`: their trail as the title field, their text as the body. */
function engineOf(chunks: readonly ChunkText[]): MiniSearch<IndexedChunk> {
  const engine = new MiniSearch(OPTIONS);
  engine.addAll(chunks.map((chunk, id) => ({ id, title: chunk.trail, body: chunk.text })));
  return engine;
}

/** Builds and serializes the index of `chunks` (their trail as the title field, their text as the body). */
export function buildSearchIndex(chunks: readonly ChunkText[]): SearchIndexData {
  return { format: SEARCH_INDEX_FORMAT, data: engineOf(chunks).toJSON() };
}

function wrap(engine: MiniSearch<IndexedChunk>): SearchIndex {
  return {
    search(terms, accept, limit) {
      if (terms.length === 0) return { hits: [], documentFrequency: new Map() };
      const results = engine.search(terms.join(" "), SEARCH);
      const documentFrequency = new Map(terms.map((term) => [term, 0]));
      for (const result of results)
        for (const term of result.terms)
          if (documentFrequency.has(term)) documentFrequency.set(term, documentFrequency.get(term)! + 1);
      const hits: EngineHit[] = [];
      for (const result of results) {
        if (hits.length === limit) break;
        if (!accept(result.id)) continue;
        const exact = new Set(result.terms.filter((term) => documentFrequency.has(term)));
        const prefixed = new Set(result.queryTerms.filter((term) => !exact.has(term)));
        hits.push({ chunkIndex: result.id, score: result.score, exact, prefixed });
      }
      return { hits, documentFrequency };
    },
  };
}

/**
 * Loads a stored index for `chunks`, or builds one when there is none or it
 * is of another format (a corpus written by another version). Throws
 * `DocsCorpusError` when a stored index of this format does not load or was
 * built for a different number of chunks.
 */
export function loadSearchIndex(chunks: readonly ChunkText[], stored?: SearchIndexData): SearchIndex {
  if (stored === undefined || stored.format !== SEARCH_INDEX_FORMAT) return wrap(engineOf(chunks));
  const plain = stored.data as Partial<AsPlainObject> | null;
  if (typeof plain !== "object" || plain === null || plain.documentCount !== chunks.length)
    throw new DocsCorpusError("the corpus's search index cannot be used: it was built for other chunks");
  try {
    return wrap(MiniSearch.loadJS(stored.data as AsPlainObject, OPTIONS));
  } catch (error) {
    throw new DocsCorpusError(`the corpus's search index does not load: ${(error as Error).message}`);
  }
}
