/**
 * A frame's attestation in words (spec §3.11, §3.13, F15, F16, F18): the
 * host's `AttestationState`, the tier of the key that verified it, and whether
 * the inline bytes still hash to the signed `content_digest`.
 */
import type { AttestationVerdict, ContentBinding } from "../../src/attest/index.ts";
import type { FrameAttestationOutcome } from "../../src/host/index.ts";
import type { Badge } from "../shared/messages.ts";

const TIER_WORDS = {
  pinned: "a key you pinned",
  handshake: "a key the provider published in its handshake (not pinned)",
} as const;

/** What a failed verdict means, for a person (spec §3.11 "Typical causes"). */
export function verdictWords(verdict: AttestationVerdict): string {
  switch (verdict.kind) {
    case "commitment_mismatch":
      return `the frame's id, content_digest or provenance is not what was signed (signed ${verdict.signed}, recomputed ${verdict.expected})`;
    case "bad_signature":
      return "the signature does not verify under the key: a wrong key, or a forgery";
    case "unknown_algorithm":
      return `the algorithm ${verdict.algorithm} is not one this host can check`;
    case "malformed_key":
      return "the published key is not a usable Ed25519 public key";
    case "malformed_signature":
      return "the signature is not 64 bytes of lowercase hex";
    case "malformed_commitment":
      return "the signed commitment or the inclusion proof is malformed";
    default:
      return "the signature verifies";
  }
}

function attested(
  outcome: Extract<FrameAttestationOutcome, { state: "attested" }>,
  binding: ContentBinding,
  subject: string,
): Badge {
  const who = `key ${outcome.keyId}, ${TIER_WORDS[outcome.anchor ?? "handshake"]}; attester "${outcome.attesterId}" is not covered by the signature`;
  const tiers = { keyId: outcome.keyId, ...(outcome.anchor ? { tier: outcome.anchor } : {}) };
  if (binding.kind === "mismatch")
    return {
      tone: "invalid",
      label: "Invalid: content altered",
      detail: `The signature covers content_digest ${binding.expected}, but the content now hashes to ${binding.actual}.`,
      verdict: "content_mismatch",
      ...tiers,
    };
  if (!outcome.coversContent)
    return {
      tone: "identity",
      label: "Identity only",
      detail: `The signature is good (${who}) but ${subject} carries no content_digest: it binds identity and provenance, not the bytes (F15).`,
      verdict: "valid_identity_only",
      ...tiers,
    };
  return {
    tone: "verified",
    label: "Verified",
    detail: `Signed by ${who}; the content matches its digest.`,
    verdict: "valid",
    ...tiers,
  };
}

/** The badge of a frame (or, with `subject` "the result", of the result root). */
export function badgeOf(outcome: FrameAttestationOutcome, binding: ContentBinding, subject = "this frame"): Badge {
  switch (outcome.state) {
    case "attested":
      return attested(outcome, binding, subject);
    case "invalid":
      return {
        tone: "invalid",
        label: `Invalid: ${outcome.verdict.kind.replaceAll("_", " ")}`,
        detail: `Verification failed: ${verdictWords(outcome.verdict)}.`,
        verdict: outcome.verdict.kind,
      };
    case "unattested":
      return {
        tone: "unsigned",
        label: "Unsigned",
        detail: `The provider sent no attestation for ${subject}.`,
        verdict: "unattested",
      };
    case "no_trusted_key":
      return {
        tone: "unchecked",
        label: "Cannot check: no key",
        detail: `Signed under key id ${outcome.keyId}, which is neither pinned nor published.`,
        verdict: "no_trusted_key",
        keyId: outcome.keyId,
      };
    case "unknown_algorithm":
      return {
        tone: "unchecked",
        label: "Cannot check: algorithm",
        detail: `Signed with ${outcome.algorithm}, which this host cannot check (F8).`,
        verdict: "unknown_algorithm",
      };
    default:
      return {
        tone: "unchecked",
        label: "Cannot check: evidence",
        detail: `The evidence is unusable: ${outcome.reason}.`,
        verdict: "unusable_evidence",
      };
  }
}
