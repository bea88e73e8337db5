// The budget arithmetic of the protocol: the fan-out's split of a global budget (spec §4.6) and the UTF-8
// byte count behind B3 where surrogates do not pair. Expected values are written out by hand.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { utf8ByteLength, budgetSplit } from "../../support/lib.ts";

describe("budgetSplit (§4.6)", () => {
  test("gives floor(global/n) each and the remainder to the first ones", () => {
    assert.deepEqual(budgetSplit(10, 3), [4, 3, 3]);
    assert.deepEqual(budgetSplit(2, 4), [1, 1, 0, 0]);
  });

  test("splits evenly when n divides the budget, and gives n shares of nothing from nothing", () => {
    assert.deepEqual(budgetSplit(9, 3), [3, 3, 3]);
    assert.deepEqual(budgetSplit(0, 2), [0, 0]);
    assert.deepEqual(budgetSplit(7, 1), [7]);
  });
});

describe("utf8ByteLength where surrogates do not pair (B3)", () => {
  test("two low surrogates in a row are two replacement characters, 3 bytes each", () => {
    assert.equal(utf8ByteLength("\udc00\udc00"), 6);
  });

  test("a high surrogate after a low one does not pair backwards", () => {
    assert.equal(utf8ByteLength("\udc00\ud800"), 6);
  });
});
