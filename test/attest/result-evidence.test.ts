// The evidence a host shows a person (spec §3.6–§3.8, D1, D4): the recomputed result tree against the
// shared Merkle vectors, an inclusion proof replayed step by step, and inline content against its digest.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, test } from "node:test";
import {
  contentBindingOf,
  type ContextFrame,
  frameCommitment,
  type InclusionProof,
  type Provenance,
  frameProof,
  resultTree,
  traceInclusion,
} from "../support/lib.ts";
import { fixtureJson } from "../support/fixtures.ts";

interface MerkleVectors {
  merkle: {
    provider_id: string;
    leaf_frames: { id: string; content_digest: string; provenance: Provenance[] }[];
    roots_by_leaf_count: Record<string, string>;
    inclusion_proof: InclusionProof;
  };
}

const { merkle } = fixtureJson<MerkleVectors>("attestation-vectors.json");

function frame(base: { id: string; content_digest?: string; provenance?: Provenance[] }): ContextFrame {
  return { kind: "doc", title: base.id, score: 0.5, token_cost: 0, citation_label: base.id, ...base } as ContextFrame;
}

const frames = merkle.leaf_frames.map(frame);

/** sha256 of raw bytes, by node:crypto, as `sha256:<hex>`. */
function nodeHash(...parts: Uint8Array[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part);
  return `sha256:${hash.digest("hex")}`;
}

function bytesOf(digest: string): Uint8Array {
  return Buffer.from(digest.slice("sha256:".length), "hex");
}

describe("resultTree", () => {
  test("its root is the shared vector's root for 1, 3, 4 and 7 frames", () => {
    for (const count of ["1", "3", "4", "7"]) {
      const tree = resultTree(merkle.provider_id, frames.slice(0, Number(count)));
      assert.equal(`sha256:${Buffer.from(tree.tree.root).toString("hex")}`, merkle.roots_by_leaf_count[count], count);
    }
  });

  test("its root does not depend on the order frames arrive in", () => {
    const reversed = resultTree(merkle.provider_id, [...frames].reverse());
    assert.deepEqual(reversed.tree.root, resultTree(merkle.provider_id, frames).tree.root);
    assert.equal(reversed.leafOf[0], 6, "the last frame to arrive is f6, leaf 6");
  });

  test("the proof frameProof gives for leaf 3 of 7 is the shared vector's proof", () => {
    assert.deepEqual(frameProof(resultTree(merkle.provider_id, frames), 3), merkle.inclusion_proof);
  });

  test("a frame index outside the result is a RangeError", () => {
    assert.throws(() => frameProof(resultTree(merkle.provider_id, frames), 7), RangeError);
  });
});

describe("traceInclusion", () => {
  const commitment = frameCommitment(merkle.provider_id, frames[3]!);

  test("replays the vector proof leaf upward: H(0x00‖c), then H(0x01‖l‖r) per step, to the 7-leaf root", () => {
    const trace = traceInclusion(commitment, merkle.inclusion_proof);
    assert.ok(!("problem" in trace));
    const leaf = nodeHash(Uint8Array.of(0), commitment);
    assert.equal(trace.leaf, leaf);
    let node = leaf;
    for (const [i, step] of merkle.inclusion_proof.path.entries()) {
      node = step.sibling_is_left
        ? nodeHash(Uint8Array.of(1), bytesOf(step.sibling), bytesOf(node))
        : nodeHash(Uint8Array.of(1), bytesOf(node), bytesOf(step.sibling));
      assert.deepEqual(trace.steps[i], { sibling: step.sibling, siblingIsLeft: step.sibling_is_left, node });
    }
    assert.equal(trace.root, merkle.roots_by_leaf_count["7"]);
    assert.equal(trace.steps.length, 3);
  });

  test("a misshapen proof is reported as its problem, with no trace", () => {
    const flipped = {
      ...merkle.inclusion_proof,
      path: merkle.inclusion_proof.path.map((step) => ({ ...step, sibling_is_left: !step.sibling_is_left })),
    };
    assert.deepEqual(traceInclusion(commitment, flipped), { problem: "misshapen" });
    assert.deepEqual(traceInclusion(commitment, { ...merkle.inclusion_proof, leaf_index: 7 }), {
      problem: "index_out_of_range",
    });
  });
});

describe("contentBindingOf", () => {
  const content = "café 🦀 — retry policy\n";
  const digest = `sha256:${createHash("sha256").update(content, "utf8").digest("hex")}`;

  test("content whose UTF-8 bytes hash to content_digest matches", async () => {
    assert.deepEqual(contentBindingOf({ content, content_digest: digest }), { kind: "matches" });
  });

  test("one changed character is a mismatch naming the signed and the recomputed digest", async () => {
    const altered = content.replace("r", "R");
    assert.deepEqual(contentBindingOf({ content: altered, content_digest: digest }), {
      kind: "mismatch",
      declared: digest,
      recomputed: `sha256:${createHash("sha256").update(altered, "utf8").digest("hex")}`,
    });
  });

  test("without a digest nothing binds the bytes; without content there are no inline bytes", async () => {
    assert.deepEqual(contentBindingOf({ content }), { kind: "no_digest" });
    assert.deepEqual(contentBindingOf({ content_digest: digest }), { kind: "no_content" });
  });

  test("content of 64 KiB and more (where contentDigest switches to WebCrypto) is checked the same way", async () => {
    const large = "x".repeat(70 * 1024);
    const largeDigest = `sha256:${createHash("sha256").update(large).digest("hex")}`;
    assert.deepEqual(contentBindingOf({ content: large, content_digest: largeDigest }), { kind: "matches" });
    assert.equal(contentBindingOf({ content: `${large}y`, content_digest: largeDigest }).kind, "mismatch");
  });
});
