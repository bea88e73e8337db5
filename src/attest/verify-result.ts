/**
 * Checking every attestation of a `frames` result (spec §3.11–§3.13): a state
 * per frame and one for the result root. No state removes or reranks a frame
 * (F9); a key id with no known key costs no crypto work.
 */
import type { AttesterKey, FrameAttestation, InclusionProof, ProvenanceAttestation } from "../protocol/attestation.ts";
import type { ContextFrame } from "../protocol/frame.ts";
import type { ContextQueryResult } from "../protocol/result.ts";
import { equalBytes, parseDigestString } from "./bytes.ts";
import { frameCommitment } from "./commitment.ts";
import { type MerkleTree, merkleTree, proofSides, rootFromProof, splitPoint } from "./merkle.ts";
import { canonicalOrder } from "./order.ts";
import { type AttestationVerdict, forFrame, signatureVerifies } from "./verdict.ts";
import { ED25519, verifyCommitment, type VerifyOptions } from "./verify.ts";

/**
 * What the evidence for one frame (or the result root) amounts to, as the
 * reference host's `AttestationState` (spec §3.13). `attested.coversContent` is
 * false for `valid_identity_only` (F15, F16).
 */
export type AttestationState =
  | { readonly state: "unattested" }
  | { readonly state: "attested"; readonly keyId: string; readonly attesterId: string; readonly coversContent: boolean }
  | { readonly state: "no_trusted_key"; readonly keyId: string }
  | { readonly state: "unknown_algorithm"; readonly algorithm: string }
  | { readonly state: "unusable_evidence"; readonly reason: string }
  | { readonly state: "invalid"; readonly verdict: AttestationVerdict };

/** The outcome of `verifyResultAttestations`. */
export interface ResultAttestationReport {
  /** The state of `result_attestation` over the recomputed root of exactly `result.frames` (F12). */
  readonly result: AttestationState;
  /** One state per frame, in `result.frames` order. */
  readonly frames: readonly AttestationState[];
  /** `frame_attestations` entries naming no frame of this result (F11), or beyond one per frame. */
  readonly orphans: number;
}

const SIGNED_COMMITMENT_CHARS = 71;
const SIGNATURE_CHARS = 128;

/** The reference checker's order: algorithm, key lookup (no crypto without a key), cheap lengths, then the verdict. */
async function stateOf(
  attestation: ProvenanceAttestation,
  keys: ReadonlyMap<string, string>,
  verdict: (publicKey: string) => Promise<AttestationVerdict>,
): Promise<AttestationState> {
  if (attestation.algorithm !== ED25519) return { state: "unknown_algorithm", algorithm: attestation.algorithm };
  const publicKey = keys.get(attestation.key_id);
  if (publicKey === undefined) return { state: "no_trusted_key", keyId: attestation.key_id };
  if (attestation.signed_commitment.length !== SIGNED_COMMITMENT_CHARS || attestation.signature.length !== SIGNATURE_CHARS) {
    return { state: "unusable_evidence", reason: "signed_commitment or signature has the wrong length" };
  }
  const found = await verdict(publicKey);
  if (!signatureVerifies(found)) return { state: "invalid", verdict: found };
  return { state: "attested", keyId: attestation.key_id, attesterId: attestation.attester_id, coversContent: found.kind === "valid" };
}

/** Whether a proof is exactly the path `tree` gives for leaf `index`: then it replays to the root without hashing. */
function matchesTree(tree: MerkleTree, index: number, proof: InclusionProof): boolean {
  if (proof.leaf_count !== tree.leafCount || proof.leaf_index !== index) return false;
  const sides = proofSides(index, tree.leafCount);
  if (sides.length !== proof.path.length) return false;
  let [start, count, i] = [0, tree.leafCount, index];
  for (let level = proof.path.length - 1; level >= 0; level--) {
    const step = proof.path[level]!;
    const k = splitPoint(count);
    const left = i < k;
    if (step.sibling_is_left === left) return false;
    const sibling = left ? tree.subtrees.get(`${start + k}:${count - k}`) : tree.subtrees.get(`${start}:${k}`);
    const given = parseDigestString(step.sibling);
    if (!sibling || !given || !equalBytes(sibling, given)) return false;
    if (left) count = k;
    else [start, i, count] = [start + k, i - k, count - k];
  }
  return true;
}

/** Evidence found for one frame, before it is weighed. */
interface Evidence {
  readonly entry: FrameAttestation | undefined;
}

/** Combines a frame's states: tampering wins, then a valid one (content-binding first), then the rest. */
function combine(states: AttestationState[]): AttestationState {
  const invalid = states.find((s) => s.state === "invalid");
  if (invalid) return invalid;
  const attested = states.filter((s) => s.state === "attested");
  const best = attested.find((s) => s.state === "attested" && s.coversContent) ?? attested[0];
  return best ?? states[0] ?? { state: "unattested" };
}

/** A map key for (frame id, content digest) that no two distinct identities share: the id is length-prefixed. */
function identityKey(frameId: string, digest: string | undefined): string {
  return `${frameId.length}:${frameId}${digest === undefined ? "-" : `+${digest}`}`;
}

/**
 * `verifyResultAttestations` (spec §3.11–§3.13): recomputes every frame's
 * commitment under `providerName` (the handshake-declared name), the Merkle
 * root of exactly `result.frames` in canonical order, and checks the result
 * attestation, each per-frame attestation and each inclusion proof against
 * `attesterKeys`. At most one entry per frame and `frames.length` entries are
 * examined; the result signature is verified once whatever the number of proofs.
 */
export async function verifyResultAttestations(
  result: Pick<ContextQueryResult, "frames" | "frame_attestations" | "result_attestation">,
  providerName: string,
  attesterKeys: readonly AttesterKey[],
  options: VerifyOptions = {},
): Promise<ResultAttestationReport> {
  const keys = new Map(attesterKeys.map((key) => [key.key_id, key.public_key]));
  const frames: readonly ContextFrame[] = result.frames;
  const commitments = frames.map((frame) => frameCommitment(providerName, frame));
  const order = canonicalOrder(frames);
  const leafOf = new Array<number>(frames.length);
  order.forEach((frameIndex, leaf) => (leafOf[frameIndex] = leaf));
  const tree = merkleTree(order.map((i) => commitments[i]!));

  const rootAttestation = result.result_attestation;
  const rootVerdicts = new Map<string, Promise<AttestationVerdict>>();
  const rootVerdict = (publicKey: string) => {
    let verdict = rootVerdicts.get(publicKey);
    if (!verdict && rootAttestation) {
      verdict = verifyCommitment(tree.root, rootAttestation, publicKey, options);
      rootVerdicts.set(publicKey, verdict);
    }
    return verdict!;
  };
  const resultState: AttestationState = rootAttestation ? await stateOf(rootAttestation, keys, rootVerdict) : { state: "unattested" };

  const byIdentity = new Map<string, number>();
  frames.forEach((frame, i) => {
    const key = identityKey(frame.id, frame.content_digest);
    if (!byIdentity.has(key)) byIdentity.set(key, i);
  });
  const evidence: Evidence[] = frames.map(() => ({ entry: undefined }));
  let orphans = 0;
  for (const [n, entry] of (result.frame_attestations ?? []).entries()) {
    const index = entry.frame.provider_id === providerName ? byIdentity.get(identityKey(entry.frame.frame_id, entry.frame.content_digest)) : undefined;
    if (n >= frames.length || index === undefined || evidence[index]!.entry) orphans += 1;
    else evidence[index] = { entry };
  }

  const frameStates = await Promise.all(
    frames.map(async (frame, i): Promise<AttestationState> => {
      const entry = evidence[i]!.entry;
      if (!entry) return { state: "unattested" };
      if (!entry.attestation && !entry.inclusion_proof) return { state: "unusable_evidence", reason: "entry carries neither attestation nor inclusion_proof" };
      const states: AttestationState[] = [];
      if (entry.attestation) {
        const commitment = commitments[i]!;
        states.push(await stateOf(entry.attestation, keys, async (key) => forFrame(await verifyCommitment(commitment, entry.attestation!, key, options), frame)));
      }
      const proof = entry.inclusion_proof;
      if (proof && !rootAttestation) states.push({ state: "unusable_evidence", reason: "inclusion_proof without result_attestation" });
      else if (proof && rootAttestation) {
        const verdict = async (key: string): Promise<AttestationVerdict> => {
          if (matchesTree(tree, leafOf[i]!, proof)) return forFrame(await rootVerdict(key), frame);
          const replayed = rootFromProof(commitments[i]!, proof);
          if ("problem" in replayed) return { kind: "malformed_commitment" };
          return forFrame(await verifyCommitment(replayed.root, rootAttestation, key, options), frame);
        };
        states.push(await stateOf(rootAttestation, keys, verdict));
      }
      return combine(states);
    }),
  );
  return { result: resultState, frames: frameStates, orphans };
}

