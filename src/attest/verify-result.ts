/**
 * Checking every attestation of a `frames` result (spec §3.11–§3.13): a state
 * per frame and one for the result root. No state removes or reranks a frame
 * (F9); a key id with no known key costs no crypto work.
 */
import type { AttesterKey, FrameAttestation, InclusionProof, ProvenanceAttestation } from "../protocol/attestation.ts";
import type { ContextFrame } from "../protocol/frame.ts";
import { frameIdKey } from "../protocol/frame-order.ts";
import type { ContextQueryResult } from "../protocol/result.ts";
import { digestString } from "./bytes.ts";
import { frameCommitment } from "./commitment.ts";
import { inclusionProofFromTree, merkleTree, rootFromProof } from "./merkle.ts";
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
  if (
    attestation.signed_commitment.length !== SIGNED_COMMITMENT_CHARS ||
    attestation.signature.length !== SIGNATURE_CHARS
  ) {
    return { state: "unusable_evidence", reason: "signed_commitment or signature has the wrong length" };
  }
  const found = await verdict(publicKey);
  if (!signatureVerifies(found)) return { state: "invalid", verdict: found };
  return {
    state: "attested",
    keyId: attestation.key_id,
    attesterId: attestation.attester_id,
    coversContent: found.kind === "valid",
  };
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

/** Combines a frame's states: tampering wins, then a valid one (content-binding first), then the rest. */
function combine(states: AttestationState[]): AttestationState {
  const invalid = states.find((s) => s.state === "invalid");
  if (invalid) return invalid;
  const attested = states.filter((s) => s.state === "attested");
  const best = attested.find((s) => s.state === "attested" && s.coversContent) ?? attested[0];
  return best ?? states[0] ?? { state: "unattested" };
}

/** The map key of a frame's identity within one provider's result. */
function identityKey(frameId: string, digest: string | undefined): string {
  return frameIdKey({ provider_id: "", frame_id: frameId, content_digest: digest });
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
  order.forEach((frameIndex, leaf) => {
    leafOf[frameIndex] = leaf;
  });
  const tree = merkleTree(order.map((i) => commitments[i]!));

  const rootAttestation = result.result_attestation;
  // The result signature is checked once per (root, key), however many proofs lead to the same root.
  const rootVerdicts = new Map<string, Promise<AttestationVerdict>>();
  const verdictOver = (attestation: ProvenanceAttestation, root: Uint8Array, publicKey: string) => {
    const key = `${digestString(root)} ${publicKey}`;
    let verdict = rootVerdicts.get(key);
    if (!verdict) {
      verdict = verifyCommitment(root, attestation, publicKey, options);
      rootVerdicts.set(key, verdict);
    }
    return verdict;
  };
  const resultState: AttestationState = rootAttestation
    ? await stateOf(rootAttestation, keys, (key) => verdictOver(rootAttestation, tree.root, key))
    : { state: "unattested" };

  const byIdentity = new Map<string, number>();
  frames.forEach((frame, i) => {
    const key = identityKey(frame.id, frame.content_digest);
    if (!byIdentity.has(key)) byIdentity.set(key, i);
  });
  const entries = new Array<FrameAttestation | undefined>(frames.length);
  let orphans = 0;
  for (const [n, entry] of (result.frame_attestations ?? []).entries()) {
    const index =
      entry.frame.provider_id === providerName
        ? byIdentity.get(identityKey(entry.frame.frame_id, entry.frame.content_digest))
        : undefined;
    if (n >= frames.length || index === undefined || entries[index]) orphans += 1;
    else entries[index] = entry;
  }

  const frameStates = await Promise.all(
    frames.map(async (frame, i): Promise<AttestationState> => {
      const entry = entries[i];
      if (!entry) return { state: "unattested" };
      if (!entry.attestation && !entry.inclusion_proof)
        return { state: "unusable_evidence", reason: "entry carries neither attestation nor inclusion_proof" };
      const states: AttestationState[] = [];
      if (entry.attestation) {
        const commitment = commitments[i]!;
        states.push(
          await stateOf(entry.attestation, keys, async (key) =>
            forFrame(await verifyCommitment(commitment, entry.attestation!, key, options), frame),
          ),
        );
      }
      const proof = entry.inclusion_proof;
      if (proof && !rootAttestation)
        states.push({ state: "unusable_evidence", reason: "inclusion_proof without result_attestation" });
      else if (proof && rootAttestation) {
        const verdict = async (key: string): Promise<AttestationVerdict> => {
          // The proof this result's tree gives for the frame replays to the tree's root without hashing.
          const replayed = sameProof(proof, inclusionProofFromTree(tree, leafOf[i]!))
            ? { root: tree.root }
            : rootFromProof(commitments[i]!, proof);
          if ("problem" in replayed) return { kind: "malformed_commitment" };
          return forFrame(await verdictOver(rootAttestation, replayed.root, key), frame);
        };
        states.push(await stateOf(rootAttestation, keys, verdict));
      }
      return combine(states);
    }),
  );
  return { result: resultState, frames: frameStates, orphans };
}
