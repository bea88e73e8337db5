/** The result-set Merkle root and inclusion proofs, RFC 6962 shape (spec §3.7, §3.8). */
import type { InclusionProof, InclusionStep } from "../protocol/attestation.ts";
import { digestString, parseDigestString } from "./bytes.ts";
import { DOMAIN } from "./encoding.ts";
import { sha256 } from "./hash.ts";

/** The most steps an inclusion proof may have (spec §3.8, `MAX_INCLUSION_PATH_STEPS`). */
export const MAX_INCLUSION_PATH_STEPS = 64;

/** `leaf(c) = H(0x00 ‖ c)` (spec §3.7). Low-level: exported for checking the §3.14 Merkle vectors. */
export function merkleLeaf(commitment: Uint8Array): Uint8Array {
  return sha256(DOMAIN.merkleLeaf, commitment);
}

/** `node(l, r) = H(0x01 ‖ l ‖ r)` (spec §3.7). Low-level: exported for checking the §3.14 Merkle vectors. */
export function merkleNode(left: Uint8Array, right: Uint8Array): Uint8Array {
  return sha256(DOMAIN.merkleNode, left, right);
}

/** The largest power of two strictly less than `n` (n ≥ 2). */
function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/**
 * The Merkle tree hash of leaf hashes, with every subtree hash it passes
 * recorded in `subtrees` under `start:count`, for cheap proof checks.
 */
function treeHash(
  leaves: readonly Uint8Array[],
  start: number,
  count: number,
  subtrees: Map<string, Uint8Array>,
): Uint8Array {
  let hash: Uint8Array;
  if (count === 1) hash = leaves[start]!;
  else {
    const k = splitPoint(count);
    hash = merkleNode(treeHash(leaves, start, k, subtrees), treeHash(leaves, start + k, count - k, subtrees));
  }
  subtrees.set(`${start}:${count}`, hash);
  return hash;
}

/** A computed tree: its root and every subtree hash by `start:count`. */
export interface MerkleTree {
  readonly root: Uint8Array;
  readonly subtrees: ReadonlyMap<string, Uint8Array>;
  readonly leafCount: number;
}

/** Builds the tree over commitments already in canonical order (spec §3.7). */
export function merkleTree(commitments: readonly Uint8Array[]): MerkleTree {
  if (commitments.length === 0) return { root: sha256(DOMAIN.merkleEmpty), subtrees: new Map(), leafCount: 0 };
  const subtrees = new Map<string, Uint8Array>();
  const root = treeHash(commitments.map(merkleLeaf), 0, commitments.length, subtrees);
  return { root, subtrees, leafCount: commitments.length };
}

/**
 * `MTH` over commitments in canonical order (spec §3.7): `H(MERKLE_EMPTY)` for
 * none, `leaf(c)` for one, RFC 6962 split otherwise (no duplicated last leaf).
 */
export function merkleRoot(commitments: readonly Uint8Array[]): Uint8Array {
  return merkleTree(commitments).root;
}

/** The sides of a well-shaped proof for leaf `index` of `count`, leaf-upward (spec §3.8). */
export function proofSides(index: number, count: number): boolean[] {
  const sides: boolean[] = [];
  let [i, m] = [index, count];
  while (m > 1) {
    const k = splitPoint(m);
    if (i < k) {
      sides.push(false);
      m = k;
    } else {
      sides.push(true);
      i -= k;
      m -= k;
    }
  }
  return sides.reverse();
}

/** The inclusion proof of leaf `index` in `tree` (spec §3.8), leaf-upward. */
export function inclusionProofFromTree(tree: MerkleTree, index: number): InclusionProof {
  const path: InclusionStep[] = [];
  let [start, count, i] = [0, tree.leafCount, index];
  while (count > 1) {
    const k = splitPoint(count);
    if (i < k) {
      path.push({ sibling: digestString(tree.subtrees.get(`${start + k}:${count - k}`)!), sibling_is_left: false });
      count = k;
    } else {
      path.push({ sibling: digestString(tree.subtrees.get(`${start}:${k}`)!), sibling_is_left: true });
      start += k;
      i -= k;
      count -= k;
    }
  }
  return { leaf_index: index, leaf_count: tree.leafCount, path: path.reverse() };
}

/** The inclusion proof of commitment `index` among `commitments` in canonical order (spec §3.8). */
export function inclusionProof(commitments: readonly Uint8Array[], index: number): InclusionProof {
  if (!Number.isInteger(index) || index < 0 || index >= commitments.length)
    throw new RangeError("leaf index out of range");
  return inclusionProofFromTree(merkleTree(commitments), index);
}

/** Why a proof could not be replayed: it is malformed (spec §3.8 steps 1–3 ⇒ MalformedCommitment). */
export type ProofProblem = "too_long" | "index_out_of_range" | "misshapen" | "malformed_sibling";

/**
 * Replays a proof from a frame commitment up to the root it implies (spec §3.8,
 * `root_from_proof`): checks the path length and index first, then the
 * shape, then hashes. The shape check (path length and sides exactly those
 * `leaf_index`/`leaf_count` imply) is [later revision] `isWellShaped`, which the
 * spec recommends for a new verifier: without it a proof with genuine siblings
 * replays to the genuine root whatever index or count it claims.
 */
export function rootFromProof(
  commitment: Uint8Array,
  proof: InclusionProof,
): { root: Uint8Array } | { problem: ProofProblem } {
  if (proof.path.length > MAX_INCLUSION_PATH_STEPS) return { problem: "too_long" };
  if (proof.leaf_index >= proof.leaf_count) return { problem: "index_out_of_range" };
  const sides = proofSides(proof.leaf_index, proof.leaf_count);
  if (sides.length !== proof.path.length || sides.some((side, i) => proof.path[i]!.sibling_is_left !== side))
    return { problem: "misshapen" };
  let acc = merkleLeaf(commitment);
  for (const step of proof.path) {
    const sibling = parseDigestString(step.sibling);
    if (!sibling) return { problem: "malformed_sibling" };
    acc = step.sibling_is_left ? merkleNode(sibling, acc) : merkleNode(acc, sibling);
  }
  return { root: acc };
}
