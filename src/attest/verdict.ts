/** The attestation verdicts (spec §3.11), as a tagged union: never a bare boolean. */

/**
 * What checking one attestation found, in the reference's verdict set
 * (spec §3.11). `valid_identity_only`: the signature is good but the frame has
 * no `content_digest`, so it binds identity and provenance, not bytes (F15).
 *
 * `content_mismatch` is ours, not the reference's [inferred]: the signature
 * verifies over the frame's `content_digest` (`signed`), but its inline bytes
 * hash to `recomputed` (§1.8 #5, §3.6, D1), so what the reader holds is not
 * what was signed. The single-attestation verifiers (`verifyCommitment`,
 * `verifyFrameAttestation`, `verifyFrameInclusion`) never return it; the
 * result verifier and the host's audit do, after re-hashing the content.
 */
export type AttestationVerdict =
  | { readonly kind: "valid" }
  | { readonly kind: "valid_identity_only" }
  | { readonly kind: "commitment_mismatch"; readonly expected: string; readonly signed: string }
  | { readonly kind: "bad_signature" }
  | { readonly kind: "unknown_algorithm"; readonly algorithm: string }
  | { readonly kind: "malformed_key" }
  | { readonly kind: "malformed_signature" }
  | { readonly kind: "malformed_commitment" }
  | { readonly kind: "content_mismatch"; readonly signed: string; readonly recomputed: string };

/** `is_valid`: only `valid` (spec §3.11). */
export function isValid(verdict: AttestationVerdict): boolean {
  return verdict.kind === "valid";
}

/** `signature_verifies`: `valid` or `valid_identity_only` (spec §3.11). */
export function signatureVerifies(verdict: AttestationVerdict): boolean {
  return verdict.kind === "valid" || verdict.kind === "valid_identity_only";
}

/** `binds_content`: only `valid` (spec §3.11, F15). */
export function bindsContent(verdict: AttestationVerdict): boolean {
  return verdict.kind === "valid";
}

/** Turns `valid` into `valid_identity_only` for a frame without `content_digest` (spec §3.11). */
export function forFrame(
  verdict: AttestationVerdict,
  frame: { content_digest?: string | undefined },
): AttestationVerdict {
  return verdict.kind === "valid" && frame.content_digest === undefined ? { kind: "valid_identity_only" } : verdict;
}
