/** Verifying one attestation (spec §3.8, §3.11), in the reference's order of checks. */
import type { InclusionProof, ProvenanceAttestation } from "../protocol/attestation.ts";
import { digestString, equalBytes, fromHex, parseDigestString } from "./bytes.ts";
import { type CommittedFrame, frameCommitment } from "./commitment.ts";
import { defaultEngine, type Ed25519Engine } from "./ed25519.ts";
import { isAcceptablePublicKey, isCanonicalSignature } from "./ed25519-strict.ts";
import { rootFromProof } from "./merkle.ts";
import { type AttestationVerdict, forFrame } from "./verdict.ts";

/** The only algorithm defined (spec §1.4, §3.9). */
export const ED25519 = "ed25519";

/** Options shared by the verifiers. */
export interface VerifyOptions {
  /** The Ed25519 engine (default: WebCrypto when the runtime has it, else noble). */
  readonly engine?: Ed25519Engine;
}

/**
 * `verify_commitment` (spec §3.11): checks, in order, the algorithm, the
 * commitment's form, the commitment against `expected` (before any signature
 * work, so tampering reports as tampering), the key, the signature's form,
 * then strict Ed25519 over the 32 raw commitment bytes.
 */
export async function verifyCommitment(
  expected: Uint8Array,
  attestation: ProvenanceAttestation,
  publicKeyHex: string,
  options: VerifyOptions = {},
): Promise<AttestationVerdict> {
  if (attestation.algorithm !== ED25519) return { kind: "unknown_algorithm", algorithm: attestation.algorithm };
  const signed = parseDigestString(attestation.signed_commitment);
  if (!signed) return { kind: "malformed_commitment" };
  if (!equalBytes(signed, expected))
    return { kind: "commitment_mismatch", expected: digestString(expected), signed: attestation.signed_commitment };
  const key = fromHex(publicKeyHex, 32);
  if (!key || !isAcceptablePublicKey(key)) return { kind: "malformed_key" };
  const signature = fromHex(attestation.signature, 64);
  if (!signature) return { kind: "malformed_signature" };
  if (!isCanonicalSignature(signature)) return { kind: "bad_signature" };
  const engine = options.engine ?? (await defaultEngine());
  return (await engine.verify(key, expected, signature)) ? { kind: "valid" } : { kind: "bad_signature" };
}

/**
 * `verify_frame_attestation` (spec §3.11): a per-frame attestation against the
 * frame's recomputed commitment under `providerName` (the handshake-declared
 * name); `valid` becomes `valid_identity_only` without `content_digest`.
 */
export async function verifyFrameAttestation(
  providerName: string,
  frame: CommittedFrame,
  attestation: ProvenanceAttestation,
  publicKeyHex: string,
  options: VerifyOptions = {},
): Promise<AttestationVerdict> {
  return forFrame(
    await verifyCommitment(frameCommitment(providerName, frame), attestation, publicKeyHex, options),
    frame,
  );
}

/**
 * `verify_frame_inclusion` (spec §3.8): replays the proof from the frame's
 * commitment and checks the result attestation over the root it implies. A
 * proof longer than 64 steps, an index past the count or a malformed sibling
 * is `malformed_commitment`, found before any hashing or signature work.
 */
export async function verifyFrameInclusion(
  providerName: string,
  frame: CommittedFrame,
  proof: InclusionProof,
  resultAttestation: ProvenanceAttestation,
  publicKeyHex: string,
  options: VerifyOptions = {},
): Promise<AttestationVerdict> {
  const replayed = rootFromProof(frameCommitment(providerName, frame), proof);
  if ("problem" in replayed) return { kind: "malformed_commitment" };
  return forFrame(await verifyCommitment(replayed.root, resultAttestation, publicKeyHex, options), frame);
}
