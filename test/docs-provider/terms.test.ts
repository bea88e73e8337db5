// The search terms both serving modes index (src/docs-provider/terms.ts): identifiers split, Porter stems, stopwords out.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { queryTerms, searchTerms } from "../support/lib.ts";

describe("searchTerms", () => {
  test("words are lowercased and stemmed (Porter), stopwords left out", () => {
    assert.deepEqual(searchTerms("How are the Retries spaced?"), ["retri", "space"]);
    assert.deepEqual(searchTerms("the of and a"), []);
    assert.deepEqual(searchTerms(""), []);
  });

  test("an identifier counts whole and then by its parts: snake_case, camelCase, PascalCase with acronyms", () => {
    assert.deepEqual(searchTerms("token_cost"), ["tokencost", "token", "cost"]);
    assert.deepEqual(searchTerms("keepAliveTimeout"), ["keepalivetimeout", "keep", "aliv", "timeout"]);
    assert.deepEqual(searchTerms("HTTPProxyAgent"), ["httpproxyag", "http", "proxi", "agent"]);
  });

  test("dots and other punctuation separate words", () => {
    assert.deepEqual(searchTerms("Dispatcher.compose(interceptors)"), ["dispatch", "compos", "interceptor"]);
    assert.deepEqual(searchTerms("SHA-256, ed25519"), ["sha", "256", "ed25519"]);
  });

  test("letters beyond ASCII are kept as words, lowercased", () => {
    assert.deepEqual(searchTerms("Café KÖLN 日本語"), ["café", "köln", "日本語"]);
  });

  test("a run longer than 64 characters is not a term", () => {
    assert.deepEqual(searchTerms(`digest ${"a".repeat(65)} kept ${"b".repeat(64)}`), [
      "digest",
      "kept",
      "b".repeat(64),
    ]);
  });

  test("maxChars stops before the term that would pass it (each term counted with one separator)", () => {
    assert.deepEqual(searchTerms("alpha beta gamma", 11), ["alpha", "beta"]);
    assert.deepEqual(searchTerms("alpha beta gamma", 10), ["alpha"]);
    assert.deepEqual(searchTerms("alpha beta gamma", 5), []);
  });
});

describe("queryTerms", () => {
  test("a query's distinct terms, in first-seen order", () => {
    assert.deepEqual(queryTerms("retry, then retry again; retries"), ["retri", "again"]);
  });
});
