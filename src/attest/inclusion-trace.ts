/** An inclusion proof replayed step by step, for showing a person the path (spec §3.7, §3.8). */
import type { InclusionProof } from "../protocol/attestation.ts";
import { digestString, parseDigestString } from "./bytes.ts";
import { merkleLeaf, merkleNode, type ProofProblem, rootFromProof } from "./merkle.ts";

/** One level of a replayed proof: the sibling hash, which side it sits on, and the node the two hash to. */
export interface InclusionTraceStep {
  readonly sibling: string;
  readonly siblingIsLeft: boolean;
  readonly node: string;
}

/** A proof replayed from a frame commitment: `leaf = H(0x00 ‖ c)`, each node upward, and the root it implies. */
export interface InclusionTrace {
  readonly commitment: string;
  readonly leaf: string;
  readonly steps: readonly InclusionTraceStep[];
  readonly root: string;
}

/**
 * Replays `proof` from `commitment` (spec §3.8) and keeps every intermediate
 * node, leaf upward, as `sha256:` strings. A proof `rootFromProof` refuses
 * (too long, index out of range, misshapen, malformed sibling) is returned as
 * its problem, before any hashing.
 */
export function traceInclusion(
  commitment: Uint8Array,
  proof: InclusionProof,
): InclusionTrace | { problem: ProofProblem } {
  const replayed = rootFromProof(commitment, proof);
  if ("problem" in replayed) return replayed;
  const leaf = merkleLeaf(commitment);
  let node = leaf;
  const steps = proof.path.map((step) => {
    const sibling = parseDigestString(step.sibling)!;
    node = step.sibling_is_left ? merkleNode(sibling, node) : merkleNode(node, sibling);
    return { sibling: step.sibling, siblingIsLeft: step.sibling_is_left, node: digestString(node) };
  });
  return { commitment: digestString(commitment), leaf: digestString(leaf), steps, root: digestString(replayed.root) };
}
