// The filters applied before budgeting (spec §4.13): kinds (Q1) and the as_of window (Q2), at their edges.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { type CandidateFrame, matchesKinds, validAt } from "../support/lib.ts";

const frame = (extra: Partial<CandidateFrame> = {}): CandidateFrame => ({
  id: "f",
  kind: "doc",
  title: "t",
  score: 0.5,
  citation_label: "t",
  ...extra,
});

const WINDOW = { valid_from: "2020-01-01T00:00:00Z", valid_to: "2021-01-01T00:00:00Z" };

describe("matchesKinds (Q1)", () => {
  test("no kinds, or an empty list, matches every frame", () => {
    assert.equal(matchesKinds(frame(), {}), true);
    assert.equal(matchesKinds(frame(), { kinds: [] }), true);
  });

  test("a non-empty list matches only its kinds", () => {
    assert.equal(matchesKinds(frame({ kind: "doc" }), { kinds: ["snippet", "doc"] }), true);
    assert.equal(matchesKinds(frame({ kind: "doc" }), { kinds: ["snippet"] }), false);
  });
});

describe("validAt (Q2): valid_from ≤ as_of < valid_to", () => {
  test("without as_of every frame is valid, even one whose bounds are not timestamps", () => {
    assert.equal(validAt(frame({ valid_from: "whenever" }), undefined), true);
  });

  test("as_of equal to valid_from is inside the window", () => {
    assert.equal(validAt(frame(WINDOW), "2020-01-01T00:00:00Z"), true);
  });

  test("as_of equal to valid_to is outside the window", () => {
    assert.equal(validAt(frame(WINDOW), "2021-01-01T00:00:00Z"), false);
  });

  test("as_of one second before valid_from is outside the window", () => {
    assert.equal(validAt(frame(WINDOW), "2019-12-31T23:59:59Z"), false);
  });

  test("the bounds are compared as instants, not as text", () => {
    // 2020-01-01T00:30:00.5Z sorts after "2020-01-01T00:30:00Z" as text and is later as an instant;
    // 2020-06-01T00:00:00.000Z and 2020-06-01T00:00:00Z are the same instant.
    assert.equal(validAt(frame({ valid_to: "2020-06-01T00:00:00.000Z" }), "2020-06-01T00:00:00Z"), false);
    assert.equal(validAt(frame({ valid_from: "2020-06-01T00:00:00.000Z" }), "2020-06-01T00:00:00Z"), true);
  });

  test("a missing bound leaves that side open", () => {
    assert.equal(validAt(frame({ valid_to: WINDOW.valid_to }), "1970-01-01T00:00:00Z"), true);
    assert.equal(validAt(frame({ valid_from: WINDOW.valid_from }), "2999-01-01T00:00:00Z"), true);
    assert.equal(validAt(frame(), "2026-07-21T12:00:00Z"), true);
  });

  test("a frame whose valid_from or valid_to is not a timestamp is left out", () => {
    assert.equal(validAt(frame({ valid_from: "the dawn of time" }), "2026-07-21T12:00:00Z"), false);
    assert.equal(validAt(frame({ valid_to: "never" }), "2026-07-21T12:00:00Z"), false);
  });

  test("an as_of that is not a timestamp matches no frame", () => {
    assert.equal(validAt(frame(), "yesterday"), false);
  });
});
