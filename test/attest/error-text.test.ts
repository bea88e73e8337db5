// What attestation errors say (spec §3.9, F14, §3.8): each message written out, so a refusal reads the same
// to whoever meets it, and none quotes the value it refuses.
import assert from "node:assert/strict";
import { test } from "node:test";
import { AttestationError, frameProof, resultTree, signerFromSeed, signFrameAttestation } from "../support/lib.ts";

test("a malformed seed says what a seed must be", async () => {
  await assert.rejects(
    signerFromSeed("zz".repeat(32), { keyId: "k", attesterId: "a" }),
    (error) =>
      error instanceof AttestationError && error.message === "the seed must be 32 bytes as 64 lowercase hex characters",
  );
});

test("signing a frame without content_digest names F14", async () => {
  const signer = await signerFromSeed("5a".repeat(32), { keyId: "k", attesterId: "docs" });
  const frame = { id: "a", kind: "doc", title: "a", content: "x", score: 0.5, token_cost: 1, citation_label: "a" };
  await assert.rejects(
    signFrameAttestation("docs", frame, signer),
    (error) => error instanceof AttestationError && error.message === "a signed frame must carry content_digest (F14)",
  );
});

test("a proof for a frame the result does not have is a RangeError saying so", () => {
  assert.throws(
    () => frameProof(resultTree("docs", []), 0),
    (error) => error instanceof RangeError && error.message === "frame index out of range",
  );
});
