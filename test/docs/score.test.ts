// F1 scores on an absolute scale (src/docs/score.ts), against values worked out here by hand.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { absoluteScore, evidence, PREFIX_CREDIT, PROXIMITY_SHARE, termWeight } from "../../src/docs/score.ts";

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

describe("evidence", () => {
  test("coverage is the weighted share of the query's terms the chunk holds; a word a term begins earns PREFIX_CREDIT", () => {
    const found = evidence(["retri", "budget", "minut"], [1, 2, 3], ["retri", "", "budgets", "per", "minut"]);
    close(found.coverage, (1 * 1 + 2 * PREFIX_CREDIT + 3 * 1) / 6);
  });

  test("a term shorter than 4 characters earns nothing for the words it begins", () => {
    close(evidence(["api"], [1], ["apis"]).coverage, 0);
  });

  test("proximity is the share of neighbouring query terms standing within 2 positions, either order", () => {
    const chunk = ["expon", "backoff", "x", "x", "x", "jitter", "x", "retri"];
    close(evidence(["expon", "backoff", "retri"], [1, 1, 1], chunk).proximity, 1 / 2);
    close(evidence(["backoff", "expon"], [1, 1], chunk).proximity, 1);
    close(evidence(["jitter", "retri"], [1, 1], chunk).proximity, 1);
    close(evidence(["expon", "jitter"], [1, 1], chunk).proximity, 0);
    close(evidence(["expon"], [1], chunk).proximity, 1);
  });

  test("the title and the body are apart: the gap between them is never matched", () => {
    close(evidence(["a", "b"], [1, 1], ["a", "", "x", "x", "b"]).proximity, 0);
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
    const prefixOnly = evidence(["schedul", "mortgag"], [1, 5], ["scheduler"]);
    assert.ok(absoluteScore(prefixOnly, 1) <= PREFIX_CREDIT);
    assert.equal(absoluteScore(evidence(["mortgag"], [1], ["retri"]), 1), 0);
  });

  test("stays in [0, 1] for out-of-range inputs", () => {
    assert.equal(absoluteScore({ coverage: 1, proximity: 1 }, 7), 1);
    assert.equal(absoluteScore({ coverage: 1, proximity: 1 }, -1), 0);
  });
});
