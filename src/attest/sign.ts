/** Producing attestations (spec §3.10): per frame, and over a whole result. */
import type { FrameAttestation, ProvenanceAttestation } from "../protocol/attestation.ts";
import type { ContextFrame } from "../protocol/frame.ts";
import { frameIdOf } from "../protocol/frame-order.ts";
import { formatTimestamp } from "../protocol/grammars.ts";
import type { ContextQueryResult } from "../protocol/result.ts";
import { AttestationError } from "./attestation-error.ts";
import { digestString, toHex } from "./bytes.ts";
import { type CommittedFrame, frameCommitment } from "./commitment.ts";
import { contentDigest } from "./hash.ts";
import { frameProof, resultTree } from "./result-tree.ts";
import type { Signer } from "./signer.ts";
import { ED25519 } from "./verify.ts";

/** Options for producing attestations. */
export interface SignOptions {
  /** `issued_at`, default now (it is not signed, spec §3.9). */
  readonly issuedAt?: string;
}

/** Signs a commitment (a frame commitment or a Merkle root) into a `ProvenanceAttestation` (spec §1.9, §3.9). */
export async function signCommitment(
  commitment: Uint8Array,
  signer: Signer,
  options: SignOptions = {},
): Promise<ProvenanceAttestation> {
  return {
    signed_commitment: digestString(commitment),
    key_id: signer.attesterKey.key_id,
    algorithm: ED25519,
    attester_id: signer.attesterId,
    signature: toHex(await signer.sign(commitment)),
    issued_at: options.issuedAt ?? formatTimestamp(new Date()),
  };
}

/**
 * A per-frame attestation (spec §3.10 "Per-frame signing"). The frame must
 * carry `content_digest` (F14): `AttestationError` `unsigned_frame` otherwise.
 */
export async function signFrameAttestation(
  providerName: string,
  frame: CommittedFrame,
  signer: Signer,
  options: SignOptions = {},
): Promise<FrameAttestation> {
  if (frame.content_digest === undefined)
    throw new AttestationError("unsigned_frame", "a signed frame must carry content_digest (F14)");
  return {
    frame: frameIdOf(providerName, frame),
    attestation: await signCommitment(frameCommitment(providerName, frame), signer, options),
  };
}

/**
 * Signs exactly the frames of `result` (spec §3.10 "Whole-answer signing",
 * F12): fills `content_digest` from the inline content where missing (F14),
 * signs the Merkle root of the commitments in canonical order as
 * `result_attestation`, and gives every frame a `frame_attestations` entry with
 * its inclusion proof. Truncate first, then sign. Returns a new result.
 */
export async function attestResult<R extends Pick<ContextQueryResult, "frames">>(
  result: R,
  providerName: string,
  signer: Signer,
  options: SignOptions = {},
): Promise<R & Pick<ContextQueryResult, "frame_attestations" | "result_attestation">> {
  const frames: ContextFrame[] = await Promise.all(
    result.frames.map(async (frame) =>
      frame.content_digest === undefined && frame.content !== undefined
        ? { ...frame, content_digest: await contentDigest(frame.content) }
        : frame,
    ),
  );
  const tree = resultTree(providerName, frames);
  const frameAttestations: FrameAttestation[] = frames.map((frame, i) => ({
    frame: frameIdOf(providerName, frame),
    inclusion_proof: frameProof(tree, i),
  }));
  return {
    ...result,
    frames,
    frame_attestations: frameAttestations,
    result_attestation: await signCommitment(tree.tree.root, signer, options),
  };
}
