/**
 * Checking one answer's attestations against the keys its handshake
 * published (spec §3.11–§3.13, F6–F15): every piece of evidence, each named
 * by its verdict when it is not `valid`.
 */
import { frameCommitment } from "../../attest/commitment.ts";
import { merkleRoot } from "../../attest/merkle.ts";
import { canonicalOrder } from "../../attest/order.ts";
import type { AttestationVerdict } from "../../attest/verdict.ts";
import { verifyCommitment, verifyFrameAttestation, verifyFrameInclusion } from "../../attest/verify.ts";
import type { AttesterKey, FrameAttestation, ProvenanceAttestation } from "../../protocol/attestation.ts";
import type { ContextFrame } from "../../protocol/frame.ts";
import type { ContextQueryResult } from "../../protocol/result.ts";
import { quote } from "../evidence.ts";

/** A verdict that is not `valid`, as evidence. */
export function verdictText(verdict: AttestationVerdict): string {
  switch (verdict.kind) {
    case "valid":
      return "Valid";
    case "valid_identity_only":
      return "ValidIdentityOnly: the frame has no content_digest, so the signature binds its identity, not its bytes (F14, F15)";
    case "commitment_mismatch":
      return `CommitmentMismatch: signed ${quote(verdict.signed)}, the served frames commit to ${verdict.expected} (F7)`;
    case "bad_signature":
      return "BadSignature: not signed by the published key";
    case "unknown_algorithm":
      return `UnknownAlgorithm ${quote(verdict.algorithm)}: cannot be checked, so nothing is attested (F8; 2.0.0 skipped when every attestation had one, the later revision fails)`;
    case "malformed_key":
      return "MalformedKey: the published key is not a usable Ed25519 key";
    case "malformed_signature":
      return "MalformedSignature: the signature is not 64 bytes of lowercase hex";
    case "malformed_commitment":
      return "MalformedCommitment: the commitment or the proof is malformed";
  }
}

/** What checking every piece of evidence found. */
export interface AttestationTally {
  readonly problems: string[];
  attestations: number;
  proofs: number;
  root: boolean;
}

type KeyOf = (attestation: ProvenanceAttestation, what: string) => string | undefined;

/** Checks one `frame_attestations` entry against the frame it names. */
async function checkEntry(
  name: string,
  frame: ContextFrame,
  entry: FrameAttestation,
  root: ProvenanceAttestation | undefined,
  keyOf: KeyOf,
  tally: AttestationTally,
): Promise<void> {
  const id = quote(frame.id);
  if (!entry.attestation && !entry.inclusion_proof)
    tally.problems.push(`frame ${id}: its entry carries neither attestation nor inclusion_proof`);
  if (entry.attestation) {
    const key = keyOf(entry.attestation, `frame ${id}`);
    const verdict = key && (await verifyFrameAttestation(name, frame, entry.attestation, key));
    if (verdict && verdict.kind !== "valid") tally.problems.push(`frame ${id} attestation: ${verdictText(verdict)}`);
    else if (verdict) tally.attestations += 1;
  }
  if (!entry.inclusion_proof) return;
  if (!root) return void tally.problems.push(`F13 frame ${id}: an inclusion_proof without result_attestation`);
  const key = keyOf(root, `frame ${id} inclusion`);
  const verdict = key && (await verifyFrameInclusion(name, frame, entry.inclusion_proof, root, key));
  if (verdict && verdict.kind !== "valid") tally.problems.push(`frame ${id} inclusion_proof: ${verdictText(verdict)}`);
  else if (verdict) tally.proofs += 1;
}

/** The frame an entry names by full identity (F11), if the answer carries it. */
function named(name: string, frames: readonly ContextFrame[], entry: FrameAttestation): ContextFrame | undefined {
  if (entry.frame.provider_id !== name) return undefined;
  return frames.find(
    (frame) => frame.id === entry.frame.frame_id && frame.content_digest === entry.frame.content_digest,
  );
}

/**
 * Verifies every `frame_attestations` entry (per-frame attestation and
 * inclusion proof) and the `result_attestation` over the root of exactly the
 * answer's frames (F12), under the published keys, with `name` (the declared
 * `provider.name`) in every commitment (spec §3.6).
 */
export async function checkAttestations(
  name: string,
  result: ContextQueryResult,
  keys: readonly AttesterKey[],
): Promise<AttestationTally> {
  const tally: AttestationTally = { problems: [], attestations: 0, proofs: 0, root: false };
  const published = new Map(keys.map((key) => [key.key_id, key.public_key]));
  const keyOf: KeyOf = (attestation, what) => {
    const key = published.get(attestation.key_id);
    if (key === undefined) tally.problems.push(`${what}: key id ${quote(attestation.key_id)} is not published (§3.12)`);
    return key;
  };
  const frames = result.frames;
  const entries = result.frame_attestations ?? [];
  if (entries.length > frames.length) tally.problems.push(`F11: ${entries.length} entries for ${frames.length} frames`);
  for (const entry of entries.slice(0, frames.length)) {
    const frame = named(name, frames, entry);
    if (frame) await checkEntry(name, frame, entry, result.result_attestation, keyOf, tally);
    else
      tally.problems.push(`F11: an entry names frame ${quote(entry.frame.frame_id)}, which the answer does not carry`);
  }
  const root = result.result_attestation;
  const key = root && keyOf(root, "result_attestation");
  if (root && key) {
    const leaves = canonicalOrder(frames).map((i) => frameCommitment(name, frames[i]!));
    const verdict = await verifyCommitment(merkleRoot(leaves), root, key);
    if (verdict.kind === "valid") tally.root = true;
    else tally.problems.push(`F12 result_attestation: ${verdictText(verdict)}`);
  }
  return tally;
}
