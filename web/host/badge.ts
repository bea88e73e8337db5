/**
 * A frame's attestation in words (spec §3.11, §3.13, F15, F16, F18): the
 * host's `AttestationState`, the tier of the key that verified it, and whether
 * the inline bytes still hash to the signed `content_digest`.
 */
import type { AttestationVerdict, ContentBinding } from "../../src/attest/index.ts";
import type { FrameAttestationOutcome } from "../../src/host/index.ts";
import type { Badge } from "../shared/messages.ts";

/** What a failed verdict means, for a person (spec §3.11 "Typical causes"). */
function verdictWords(verdict: AttestationVerdict): string {
  switch (verdict.kind) {
    case "commitment_mismatch":
      return `its id, content_digest or provenance is not what was signed (signed ${verdict.signed}, recomputed ${verdict.expected})`;
    case "bad_signature":
      return "the signature does not verify under the key: a wrong key, or a forgery";
    case "unknown_algorithm":
      return `${verdict.algorithm} is not an algorithm this host can check`;
    default:
      return `the ${verdict.kind.slice(10)} is malformed`;
  }
}

const badge = (tone: Badge["tone"], label: string, detail: string, verdict: string, keyId?: string): Badge => ({
  tone,
  label,
  detail,
  verdict,
  ...(keyId ? { keyId } : {}),
});

/** A signature that verifies (spec §3.13): verified, identity only (F15), or invalid when the bytes changed. */
function attested(
  outcome: Extract<FrameAttestationOutcome, { state: "attested" }>,
  binding: ContentBinding,
  subject: string,
): Badge {
  const tier = outcome.anchor ?? "handshake";
  const who = `key ${outcome.keyId} (${tier === "pinned" ? "pinned by you" : "published in the handshake, not pinned"}; the attester "${outcome.attesterId}" is not signed)`;
  const signed = { keyId: outcome.keyId, tier };
  if (binding.kind === "mismatch")
    return {
      ...badge(
        "invalid",
        "Invalid: content altered",
        `The signature covers content_digest ${binding.expected}; the content now hashes to ${binding.actual}.`,
        "content_mismatch",
      ),
      ...signed,
    };
  if (!outcome.coversContent)
    return {
      ...badge(
        "identity",
        "Identity only",
        `Signed by ${who}, but ${subject} has no content_digest: its bytes are not covered (F15).`,
        "valid_identity_only",
      ),
      ...signed,
    };
  return { ...badge("verified", "Verified", `Signed by ${who}; the content matches its digest.`, "valid"), ...signed };
}

/** The badge of a frame (or, with `subject` "the result", of the result root). */
export function badgeOf(outcome: FrameAttestationOutcome, binding: ContentBinding, subject = "this frame"): Badge {
  switch (outcome.state) {
    case "attested":
      return attested(outcome, binding, subject);
    case "invalid":
      return badge(
        "invalid",
        `Invalid: ${outcome.verdict.kind.replaceAll("_", " ")}`,
        `Verification failed: ${verdictWords(outcome.verdict)}.`,
        outcome.verdict.kind,
      );
    case "unattested":
      return badge("unsigned", "Unsigned", `No attestation came with ${subject}.`, "unattested");
    case "no_trusted_key":
      return badge(
        "unchecked",
        "Cannot check: no key",
        `Key id ${outcome.keyId} is neither pinned nor published.`,
        "no_trusted_key",
        outcome.keyId,
      );
    case "unknown_algorithm":
      return badge(
        "unchecked",
        "Cannot check: algorithm",
        `${outcome.algorithm} cannot be checked here (F8).`,
        "unknown_algorithm",
      );
    default:
      return badge("unchecked", "Cannot check: evidence", `Unusable evidence: ${outcome.reason}.`, "unusable_evidence");
  }
}
