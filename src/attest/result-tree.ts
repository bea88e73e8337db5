/**
 * The Merkle tree of one answer (spec §3.7, §3.8): every frame's commitment,
 * the tree over them in canonical order, and each frame's leaf. The signer
 * builds it to sign the root and give proofs; the verifier, to check them.
 */
import type { InclusionProof } from "../protocol/attestation.ts";
import { type CommittedFrame, frameCommitment } from "./commitment.ts";
import { inclusionProofFromTree, type MerkleTree, merkleTree, type ProofProblem, rootFromProof } from "./merkle.ts";
import { canonicalOrder } from "./order.ts";

/** The tree over exactly the frames of one result (F12), indexed by their position in `result.frames`. */
export interface ResultTree {
  /** Each frame's commitment under the provider's name, in `frames` order. */
  readonly commitments: readonly Uint8Array[];
  /** The tree over the commitments in canonical order. */
  readonly tree: MerkleTree;
  /** Each frame's leaf index, in `frames` order. */
  readonly leafOf: readonly number[];
}

/** The tree of `frames` as `providerName` (the handshake-declared name) commits to them (spec §3.6, §3.7). */
export function resultTree(providerName: string, frames: readonly CommittedFrame[]): ResultTree {
  const commitments = frames.map((frame) => frameCommitment(providerName, frame));
  const order = canonicalOrder(frames);
  const leafOf = new Array<number>(frames.length);
  order.forEach((frameIndex, leaf) => {
    leafOf[frameIndex] = leaf;
  });
  return { commitments, tree: merkleTree(order.map((i) => commitments[i]!)), leafOf };
}

/** The inclusion proof of frame `i` (in `frames` order) that the tree gives (spec §3.8); a RangeError outside the result. */
export function frameProof(result: ResultTree, i: number): InclusionProof {
  const leaf = result.leafOf[i];
  if (leaf === undefined) throw new RangeError("frame index out of range");
  return inclusionProofFromTree(result.tree, leaf);
}

/** Whether two proofs are the same: then the given one replays to the root the tree already has. */
function sameProof(given: InclusionProof, expected: InclusionProof): boolean {
  return (
    given.leaf_index === expected.leaf_index &&
    given.leaf_count === expected.leaf_count &&
    given.path.length === expected.path.length &&
    given.path.every(
      (step, i) =>
        step.sibling === expected.path[i]!.sibling && step.sibling_is_left === expected.path[i]!.sibling_is_left,
    )
  );
}

/**
 * The root `proof` replays to from frame `i`'s commitment (spec §3.8,
 * `root_from_proof`): the tree's own root, without hashing, when it is the
 * proof the tree gives for that frame.
 */
export function replayFrameProof(
  result: ResultTree,
  i: number,
  proof: InclusionProof,
): { root: Uint8Array } | { problem: ProofProblem } {
  if (sameProof(proof, frameProof(result, i))) return { root: result.tree.root };
  return rootFromProof(result.commitments[i]!, proof);
}
