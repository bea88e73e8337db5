/** The Merkle tree of one `frames` result as a host recomputes it (spec §3.6–§3.8, F12, F13). */
import type { InclusionProof } from "../protocol/attestation.ts";
import type { ContextFrame } from "../protocol/frame.ts";
import { frameCommitment } from "./commitment.ts";
import { inclusionProofFromTree, merkleTree } from "./merkle.ts";
import { canonicalOrder } from "./order.ts";

/** A result's recomputed tree: the root, each frame's commitment and leaf, and the proof the tree gives for it. */
export interface ResultTree {
  /** `MTH` over the commitments of exactly `frames`, in canonical order (F12). */
  readonly root: Uint8Array;
  /** Frame commitments, in the order of the `frames` given. */
  readonly commitments: readonly Uint8Array[];
  /** The leaf index (canonical position) of the frame at `frameIndex`. */
  leafIndexOf(frameIndex: number): number;
  /** The inclusion proof of the frame at `frameIndex` (§3.8), e.g. to keep for a frame a host retains alone (F13). */
  proofOf(frameIndex: number): InclusionProof;
}

/**
 * Recomputes the tree of `frames` under `providerName`, the handshake-declared
 * name (spec §3.6): one commitment per frame, canonical order (§3.7), the RFC
 * 6962 tree. Its root is what `result_attestation.signed_commitment` must name.
 */
export function resultTree(frames: readonly ContextFrame[], providerName: string): ResultTree {
  const commitments = frames.map((frame) => frameCommitment(providerName, frame));
  const order = canonicalOrder(frames);
  const leafOf = new Array<number>(frames.length);
  order.forEach((frameIndex, leaf) => {
    leafOf[frameIndex] = leaf;
  });
  const tree = merkleTree(order.map((i) => commitments[i]!));
  const leafIndexOf = (frameIndex: number) => {
    const leaf = leafOf[frameIndex];
    if (leaf === undefined) throw new RangeError("frame index out of range");
    return leaf;
  };
  return {
    root: tree.root,
    commitments,
    leafIndexOf,
    proofOf: (frameIndex) => inclusionProofFromTree(tree, leafIndexOf(frameIndex)),
  };
}
