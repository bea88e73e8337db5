// F1 scores on an absolute scale (src/docs-provider/score.ts), against values worked out here by hand.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { absoluteScore, evidence, PREFIX_CREDIT, PROXIMITY_SHARE, termWeight, phraseTerms } from "../support/lib.ts";

const close = (actual: number, expected: number) =>
  assert.ok(Math.abs(actual - expected) < 1e-12, `${actual} ≠ ${expected}`);

describe("termWeight", () => {
  test("is ln(1 + (N − df + 0.5) / (df + 0.5)), largest for a term no chunk holds", () => {
    close(termWeight(1, 10), Math.log(1 + 9.5 / 1.5));
    close(termWeight(0, 10), Math.log(1 + 10.5 / 0.5));
    assert.ok(termWeight(0, 10) > termWeight(1, 10) && termWeight(1, 10) > termWeight(10, 10));
    assert.ok(termWeight(10, 10) > 0);
  });
});

const NONE = { exact: new Set<string>(), prefixed: new Set<string>() };
const text = (body: string, trail = "") => ({ trail, text: body });
/** The proximity of a phrase in a chunk that holds all of its terms exactly. */
const proximity = (phrase: string[], chunk: { trail: string; text: string }) =>
  evidence(
    phrase,
    phrase.map(() => 1),
    { exact: new Set(phrase), prefixed: new Set() },
    phrase,
    chunk,
  ).proximity;

describe("evidence", () => {
  test("coverage is the weighted share of the query's terms held exactly, a term held only as a prefix earning PREFIX_CREDIT", () => {
    const matches = { exact: new Set(["retri", "minut"]), prefixed: new Set(["budget"]) };
    close(
      evidence(["retri", "budget", "minut"], [1, 2, 3], matches, [], text("")).coverage,
      (1 + 2 * PREFIX_CREDIT + 3) / 6,
    );
    close(evidence(["a", "b"], [1, 1], NONE, ["a", "b"], text("a b")).coverage, 0);
  });

  test("proximity is the share of the phrase's neighbouring terms standing within 2 words, either order, stopwords counted", () => {
    const body = text("alpha beta x x x gamma of delta");
    close(proximity(["alpha", "beta", "delta"], body), 1 / 2);
    close(proximity(["beta", "alpha"], body), 1);
    close(proximity(["gamma", "delta"], body), 1);
    close(proximity(["alpha", "gamma"], body), 0);
    close(proximity(["alpha"], body), 1);
  });

  test("a pair the chunk does not hold exactly (as its store says) is never together", () => {
    const matches = { exact: new Set(["alpha"]), prefixed: new Set(["beta"]) };
    close(evidence(["alpha", "beta"], [1, 1], matches, ["alpha", "beta"], text("alpha beta")).proximity, 0);
  });

  test("words are matched by their terms: stems, and an identifier as its whole", () => {
    assert.deepEqual(phraseTerms("how are retries spaced"), ["retri", "space"]);
    close(proximity(phraseTerms("retries spaced"), text("Retry spacing: each retry is spaced out.")), 1);
    assert.deepEqual(phraseTerms("set keepAliveTimeout"), ["set", "keepalivetimeout"]);
    close(proximity(phraseTerms("set keepAliveTimeout"), text("Set `keepAliveTimeout` (ms).")), 1);
    close(proximity(phraseTerms("frame token_cost"), text("the token_cost of frames")), 1);
    close(proximity(phraseTerms("frame token_cost"), text("the token_cost of one big frame")), 0);
    // A word's leading underscores are no part of its term: `_private` stands for `privat`.
    close(proximity(phraseTerms("private key"), text("the _private key")), 1);
    close(proximity(phraseTerms("__init__ hook"), text("the __init__ hook")), 1);
  });

  test("the title and the body are apart: terms at the end of one and the start of the other are not together", () => {
    close(proximity(["alpha", "beta"], text("beta x", "x alpha")), 0);
    close(proximity(["alpha", "beta"], text("x", "alpha beta")), 1);
  });
});

describe("absoluteScore", () => {
  test("every term, together, in the engine's best hit is 1.0", () => {
    assert.equal(absoluteScore({ coverage: 1, proximity: 1 }, 1), 1);
  });

  test("is coverage × (1 − PROXIMITY_SHARE × (1 − proximity)) × relative, so never above the coverage", () => {
    close(absoluteScore({ coverage: 0.6, proximity: 0.5 }, 0.8), 0.6 * (1 - PROXIMITY_SHARE * 0.5) * 0.8);
    for (const coverage of [0, 0.2, 0.7, 1])
      for (const relative of [0, 0.5, 1]) assert.ok(absoluteScore({ coverage, proximity: 1 }, relative) <= coverage);
  });

  test("a chunk holding no query term exactly scores at most PREFIX_CREDIT (0.3), and nothing matched is 0", () => {
    assert.equal(PREFIX_CREDIT, 0.3);
    const prefixOnly = evidence(
      ["schedul", "mortgag"],
      [1, 5],
      { exact: new Set(), prefixed: new Set(["schedul", "mortgag"]) },
      [],
      text(""),
    );
    assert.ok(absoluteScore(prefixOnly, 1) <= PREFIX_CREDIT);
    assert.equal(absoluteScore(evidence(["mortgag"], [1], NONE, ["mortgag"], text("retries")), 1), 0);
  });

  test("stays in [0, 1] for out-of-range inputs", () => {
    assert.equal(absoluteScore({ coverage: 1, proximity: 1 }, 7), 1);
    assert.equal(absoluteScore({ coverage: 1, proximity: 1 }, -1), 0);
  });
});
