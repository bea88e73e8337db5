// A check that finds nothing returns nothing: the empty results of §1.6, Q1 and E1, and the P3 member
// a reference frame must not carry that violations.test.ts leaves out (spec §1.8).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { checkFrame, checkKinds, checkQuery, type ContextFrame, checkGoal } from "../../support/lib.ts";
import { contextFrame } from "../../support/frame.ts";

const DIGEST = `sha256:${"0a".repeat(32)}`;
const FRAME = contextFrame();

describe("checks that find nothing", () => {
  test("a goal with text in it has no §1.6 violation", () => {
    assert.deepEqual(checkGoal({ goal: "how do I sign a frame" }), []);
  });

  test("a query without kinds accepts every kind (Q1)", () => {
    assert.deepEqual(checkKinds({ frames: [FRAME, { ...FRAME, id: "g", kind: "anything" }] }, {}), []);
  });

  test("a query without an embedding has no E1 violation against a declared fingerprint", () => {
    const capabilities = { embeddings_fingerprint: "embed-3/768" };
    assert.deepEqual(checkQuery({ goal: "g", max_frames: 1, max_tokens: 1 }, capabilities), []);
  });
});

describe("P3 (§1.8)", () => {
  test("a reference frame must not carry content_digest", () => {
    const reference: ContextFrame = {
      ...FRAME,
      representation: "reference",
      content: undefined,
      token_cost: 0,
      canonical_content_hash: DIGEST,
      content_ref: { provider_id: "p", uri: "u" },
      content_digest: DIGEST,
    };
    assert.deepEqual(checkFrame(reference), [
      { anchor: "P3", message: "a reference frame must not carry content_digest", path: "content_digest" },
    ]);
  });
});
