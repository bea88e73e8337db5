// BM25 ranking over docs chunks (k1 1.2, b 0.75) and its tokenizer.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { BM25_B, BM25_K1, bm25Index } from "../../src/docs/bm25.ts";
import { tokenize } from "../../src/docs/tokenize.ts";

describe("tokenize", () => {
  test("Unicode letters and digits, lowercased, stopwords dropped", () => {
    assert.deepEqual(tokenize("How does the NDJSON decoder handle line_too_long?"), [
      "ndjson",
      "decoder",
      "handle",
      "line",
      "too",
      "long",
    ]);
    assert.deepEqual(tokenize("Grüße, KÖLN! 日本語 SHA-256 ed25519"), [
      "grüße",
      "köln",
      "日本語",
      "sha",
      "256",
      "ed25519",
    ]);
    assert.deepEqual(tokenize("the of and a"), []);
    assert.deepEqual(tokenize(""), []);
  });
});

const TEXTS = [
  "Retry policy: exponential backoff with jitter, at most three retries.",
  "Signing keys are Ed25519. A signature covers the frame commitment, not the JSON.",
  "The codec writes one envelope per line and decodes lines into typed envelopes.",
  "Budgets: token cost is the UTF-8 byte length divided by four, rounded up.",
  "Verify a signature with the published key; a bad signature is reported, never dropped.",
];

describe("bm25Index", () => {
  test("the obviously relevant text ranks first", () => {
    const index = bm25Index(TEXTS);
    assert.equal(index.size, TEXTS.length);
    assert.equal(index.search("exponential backoff")[0]?.chunkIndex, 0);
    assert.equal(index.search("token cost budget")[0]?.chunkIndex, 3);
    assert.equal(index.search("decode envelopes codec")[0]?.chunkIndex, 2);
    assert.equal(index.search("verify signature")[0]?.chunkIndex, 4);
    assert.equal(index.search("ED25519 keys")[0]?.chunkIndex, 1);
  });

  test("only texts with a positive score, best first", () => {
    const hits = bm25Index(TEXTS).search("signature");
    assert.deepEqual(hits.map((h) => h.chunkIndex).sort(), [1, 4]);
    for (const hit of hits) assert.ok(hit.score > 0);
    assert.ok(hits[0]!.score >= hits[1]!.score);
    assert.deepEqual(bm25Index(TEXTS).search("kubernetes"), []);
    assert.deepEqual(bm25Index(TEXTS).search("the and of"), []);
    assert.deepEqual(bm25Index([]).search("anything"), []);
  });

  test("ties keep index order, and the same query gives the same ranking", () => {
    const index = bm25Index(["alpha beta", "gamma", "alpha beta", "beta alpha"]);
    const hits = index.search("alpha");
    assert.deepEqual(
      hits.map((h) => h.chunkIndex),
      [0, 2, 3],
    );
    assert.equal(hits[0]!.score, hits[1]!.score);
    assert.deepEqual(index.search("alpha"), hits);
  });

  test("matches the BM25 formula with k1 1.2 and b 0.75", () => {
    const texts = ["apple apple banana", "banana cherry", "cherry cherry cherry date"];
    const [hit] = bm25Index(texts).search("apple");
    const n = texts.length;
    const idf = Math.log(1 + (n - 1 + 0.5) / (1 + 0.5));
    const average = (3 + 2 + 4) / 3;
    const expected = (idf * 2 * (BM25_K1 + 1)) / (2 + BM25_K1 * (1 - BM25_B + (BM25_B * 3) / average));
    assert.equal(hit?.chunkIndex, 0);
    assert.ok(Math.abs(hit.score - expected) < 1e-12);
  });

  test("a repeated query term counts again; a rarer term weighs more", () => {
    const index = bm25Index(["common rare", "common", "common other"]);
    const [top] = index.search("common rare");
    assert.equal(top?.chunkIndex, 0);
    const once = index.search("common")[0]!.score;
    const twice = index.search("common common")[0]!.score;
    assert.ok(Math.abs(twice - 2 * once) < 1e-12);
  });
});
