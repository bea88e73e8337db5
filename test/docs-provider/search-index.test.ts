// The stored search index (src/docs-provider/search-index.ts): built by buildCorpus, saved with the corpus as JSON,
// loaded (not rebuilt) when the corpus is served, rebuilt only for a corpus without one or of another format.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { ask } from "./support.ts";
import {
  buildCorpus,
  type DocsCorpus,
  DocsCorpusError,
  docsProvider,
  readCorpus,
  loadSearchIndex,
  SEARCH_INDEX_FORMAT,
  queryTerms,
} from "../support/lib.ts";

const FILES = [
  { path: "retry.md", text: "# Retries\n\nRetries use exponential backoff with jitter.\n" },
  { path: "keys.md", text: "# Keys\n\nSigning keys rotate yearly.\n" },
];
const corpus = await buildCorpus(FILES);
const ALL = () => true;

/** The corpus with every chunk's text and trail replaced, so only a stored index can still find the old words. */
function blanked(source: DocsCorpus): DocsCorpus {
  return { ...source, chunks: source.chunks.map((chunk) => ({ ...chunk, trail: "x", text: "nothing here\n" })) };
}

describe("the stored index", () => {
  test("buildCorpus stores it with the corpus, and it survives JSON and readCorpus", () => {
    assert.equal(corpus.index?.format, SEARCH_INDEX_FORMAT);
    const back = readCorpus(JSON.parse(JSON.stringify(corpus)));
    assert.deepEqual(back.index, JSON.parse(JSON.stringify(corpus.index)));
  });

  test("serving loads it rather than indexing the chunks again", () => {
    const stored = loadSearchIndex(blanked(corpus).chunks, corpus.index);
    assert.deepEqual(
      stored.search(["backoff"], ALL, 10).hits.map((hit) => hit.chunkIndex),
      [corpus.chunks.findIndex((chunk) => chunk.id === "retry.md#retries")],
    );
  });

  test("a corpus without one, or with one of another format, gets one built from its chunks", () => {
    const { index: _dropped, ...bare } = blanked(corpus);
    assert.deepEqual(loadSearchIndex(bare.chunks).search(["backoff"], ALL, 10).hits, []);
    const other = { format: "someone-else/9", data: corpus.index!.data };
    assert.deepEqual(loadSearchIndex(bare.chunks, other).search(["backoff"], ALL, 10).hits, []);
    assert.equal(loadSearchIndex(bare.chunks, other).search(["noth"], ALL, 10).hits.length, bare.chunks.length);
  });

  test("one built for other chunks, or that does not load, is refused with a DocsCorpusError", () => {
    assert.throws(() => loadSearchIndex(corpus.chunks.slice(1), corpus.index), DocsCorpusError);
    assert.throws(() => loadSearchIndex(corpus.chunks, { format: SEARCH_INDEX_FORMAT, data: null }), DocsCorpusError);
    const broken = { format: SEARCH_INDEX_FORMAT, data: { ...(corpus.index!.data as object), index: 5 } };
    assert.throws(() => loadSearchIndex(corpus.chunks, broken), /search index does not load/);
  });

  test("document frequencies count every chunk holding a term exactly, whatever `accept` keeps", () => {
    const terms = queryTerms("retries keys absent");
    assert.deepEqual(terms, ["retri", "kei", "absent"]);
    const found = loadSearchIndex(corpus.chunks, corpus.index).search(terms, () => false, 10);
    assert.deepEqual(found.hits, []);
    assert.deepEqual(
      [...found.documentFrequency],
      [
        ["retri", 1],
        ["kei", 1],
        ["absent", 0],
      ],
    );
  });

  test("docsProvider refuses a corpus whose index does not fit it, naming the problem", () => {
    assert.throws(() => docsProvider({ ...corpus, chunks: corpus.chunks.slice(1) }), {
      name: "DocsCorpusError",
      message: /search index cannot be used: it was built for other chunks/,
    });
  });

  test("answers from a corpus read back from JSON equal the ones from the built corpus", async () => {
    const query = { goal: "exponential backoff signing keys", max_frames: 8, max_tokens: 4096 };
    const fromJson = await ask(docsProvider(readCorpus(JSON.parse(JSON.stringify(corpus)))), query);
    assert.deepEqual(fromJson, await ask(docsProvider(corpus), query));
  });
});
