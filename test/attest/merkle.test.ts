// Inclusion proofs at their edges (spec §3.8): the leaf index a proof can be made for, and the problem a
// replay names for a path over the step limit and for a sibling that is no digest.
import assert from "node:assert/strict";
import { test } from "node:test";
import { inclusionProof, MAX_INCLUSION_PATH_STEPS, rootFromProof } from "../support/lib.ts";

const commitments = [1, 2, 3].map((n) => new Uint8Array(32).fill(n));
const DIGEST = `sha256:${"ab".repeat(32)}`;

test("a proof is made for indices 0 … n − 1 only: not −1, not 1.5, not n", () => {
  for (const index of [-1, 1.5, 3]) {
    assert.throws(
      () => inclusionProof(commitments, index),
      (error) => error instanceof RangeError && error.message === "leaf index out of range",
      String(index),
    );
  }
  assert.equal(inclusionProof(commitments, 2).leaf_index, 2);
});

test("a path one step over the limit is too_long, before its shape is looked at", () => {
  assert.equal(MAX_INCLUSION_PATH_STEPS, 64);
  const path = Array.from({ length: 65 }, () => ({ sibling: DIGEST, sibling_is_left: false }));
  assert.deepEqual(rootFromProof(commitments[0]!, { leaf_index: 0, leaf_count: 2 ** 40, path }), {
    problem: "too_long",
  });
});

test("a sibling that is no sha256 digest is malformed_sibling", () => {
  const proof = inclusionProof(commitments, 0);
  const path = proof.path.map((step, i) => (i === 0 ? { ...step, sibling: "sha256:XYZ" } : step));
  assert.deepEqual(rootFromProof(commitments[0]!, { ...proof, path }), { problem: "malformed_sibling" });
});

test("a path of exactly the limit is not too_long: it is judged on its shape", () => {
  const path = Array.from({ length: 64 }, () => ({ sibling: DIGEST, sibling_is_left: false }));
  assert.deepEqual(rootFromProof(commitments[0]!, { leaf_index: 0, leaf_count: 2 ** 40, path }), {
    problem: "misshapen",
  });
});
