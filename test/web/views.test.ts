// The views the playground's host Worker builds about a kept answer (web/host/views.ts): a frame's inclusion
// path, leaf to root (spec §3.7, §3.8), from the proof the provider sent for exactly that frame (F11) or
// derived from the recomputed tree (F13); and a revalidation's verdict per held frame, in words (§4.7).
// The hashes expected here are computed with node:crypto from the spec's definitions, not by the library.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, test } from "node:test";
import { contextFrame } from "../support/frame.ts";
import {
  type ContextFrame,
  type ContextQueryResult,
  type FrameId,
  frameCommitment,
  frameProof,
  type Revalidation,
  resultTree,
} from "../support/lib.ts";
import { pathView, revalidationView } from "../../web/host/views.ts";

const PROVIDER = "docs";
const DIGEST_B = `sha256:${"b".repeat(64)}`;

const hash = (...parts: Uint8Array[]) => {
  const h = createHash("sha256");
  for (const part of parts) h.update(part);
  return new Uint8Array(h.digest());
};
const hex = (bytes: Uint8Array) => `sha256:${Buffer.from(bytes).toString("hex")}`;
/** `leaf(c) = H(0x00 ‖ c)` and `node(l, r) = H(0x01 ‖ l ‖ r)`, spec §3.7. */
const leaf = (frame: ContextFrame) => hash(Uint8Array.of(0), frameCommitment(PROVIDER, frame));
const node = (left: Uint8Array, right: Uint8Array) => hash(Uint8Array.of(1), left, right);

/** An answer of two frames, listed out of canonical order: "b" first, so its leaf is the second (index 1). */
function kept(extra: Partial<ContextQueryResult> = {}) {
  const frames = [contextFrame({ id: "b", content_digest: DIGEST_B }), contextFrame({ id: "a" })];
  const result = { frames, truncated: false, ...extra } as ContextQueryResult;
  return { result, providerName: PROVIDER, tree: resultTree(PROVIDER, frames) };
}

describe("a frame's inclusion path", () => {
  test("without a proof from the provider, the one the recomputed tree gives, leaf to root", () => {
    const answer = kept();
    const [b, a] = answer.result.frames as [ContextFrame, ContextFrame];
    const path = pathView(answer, 0);
    assert.deepEqual(path, {
      frameId: "b",
      source: "derived",
      leafIndex: 1,
      leafCount: 2,
      commitment: hex(frameCommitment(PROVIDER, b)),
      leaf: hex(leaf(b)),
      steps: [{ sibling: hex(leaf(a)), siblingIsLeft: true, node: hex(node(leaf(a), leaf(b))) }],
      root: hex(node(leaf(a), leaf(b))),
    });
  });

  test("the provider's proof for exactly this frame is the one drawn, and the signed root is named", () => {
    const answer = kept();
    const sent = { ...frameProof(answer.tree, 0) };
    const signed = `sha256:${"0".repeat(64)}`;
    const identity = { provider_id: PROVIDER, frame_id: "b", content_digest: DIGEST_B };
    const withProof = kept({
      frame_attestations: [{ frame: identity, inclusion_proof: sent }],
      result_attestation: { signed_commitment: signed } as ContextQueryResult["result_attestation"],
    });
    const path = pathView(withProof, 0);
    assert.equal(path.source, "provider");
    assert.equal(path.signedRoot, signed);
    assert.equal(path.root, hex(node(leaf(withProof.result.frames[1]!), leaf(withProof.result.frames[0]!))));
  });

  test("a proof sent under another content_digest, or another provider name, is not this frame's (F11)", () => {
    const answer = kept();
    const proof = frameProof(answer.tree, 0);
    for (const frame of [
      { provider_id: PROVIDER, frame_id: "b", content_digest: `sha256:${"c".repeat(64)}` },
      { provider_id: "other", frame_id: "b", content_digest: DIGEST_B },
      { provider_id: PROVIDER, frame_id: "b" },
    ])
      assert.equal(pathView(kept({ frame_attestations: [{ frame, inclusion_proof: proof }] }), 0).source, "derived");
  });

  test("a malformed proof is named in words, with nothing drawn; a frame that is not in the answer is a RangeError", () => {
    const identity = { provider_id: PROVIDER, frame_id: "b", content_digest: DIGEST_B };
    const proof = { leaf_index: 5, leaf_count: 2, path: [] };
    const path = pathView(kept({ frame_attestations: [{ frame: identity, inclusion_proof: proof }] }), 0);
    assert.deepEqual(path, {
      frameId: "b",
      source: "provider",
      leafIndex: 5,
      leafCount: 2,
      commitment: "",
      leaf: "",
      steps: [],
      root: "",
      problem: "index out of range",
    });
    assert.throws(() => pathView(kept(), 2), RangeError);
  });
});

describe("a revalidation's verdicts", () => {
  const id = (frame_id: string): FrameId => ({ provider_id: PROVIDER, frame_id, content_digest: DIGEST_B });

  test("one verdict per held frame, in the order held, each in words", () => {
    const held = ["valid", "stale", "gone", "no-digest", "unsupported", "failed", "offline", "silent"].map(id);
    const revalidation: Revalidation = {
      retained: [id("valid")],
      dropped: [
        { frame: id("stale"), reason: { kind: "stale", replacementDigest: "sha256:new" }, warrantsRequery: true },
        { frame: id("gone"), reason: { kind: "gone" }, warrantsRequery: false },
        { frame: id("no-digest"), reason: { kind: "no_digest" }, warrantsRequery: true },
        { frame: id("unsupported"), reason: { kind: "verify_unsupported" }, warrantsRequery: true },
        { frame: id("failed"), reason: { kind: "verify_failed", message: "timeout" }, warrantsRequery: true },
        { frame: id("offline"), reason: { kind: "unknown_provider" }, warrantsRequery: true },
      ],
    };
    assert.deepEqual(
      revalidationView(held, revalidation).map((v) => [v.frameId.frame_id, v.status, v.detail]),
      [
        ["valid", "valid", "still current"],
        ["stale", "stale", "changed since: stop using this copy (V4) (now sha256:new)"],
        ["gone", "gone", "the provider no longer has it (V4)"],
        ["no-digest", "no_digest", "no content_digest to revalidate (D3)"],
        ["unsupported", "verify_unsupported", "the provider does not offer verify"],
        ["failed", "verify_failed", "the verify request failed"],
        ["offline", "unknown", "not connected"],
        ["silent", "unknown", "the provider could not say; unknown is never validity (V3)"],
      ],
    );
  });

  test("two verdicts for one identity: the first counts; another content_digest is another identity", () => {
    const other = { ...id("x"), content_digest: `sha256:${"d".repeat(64)}` };
    const revalidation: Revalidation = {
      retained: [],
      dropped: [
        { frame: id("x"), reason: { kind: "gone" }, warrantsRequery: false },
        { frame: id("x"), reason: { kind: "stale" }, warrantsRequery: true },
      ],
    };
    assert.deepEqual(
      revalidationView([id("x"), other], revalidation).map((v) => v.status),
      ["gone", "unknown"],
    );
  });
});
