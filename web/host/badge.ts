/**
 * A frame's attestation in words (spec §3.11, §3.13, F15, F16, F18): the
 * host's `AttestationState`, content binding applied by the library (an
 * altered frame is `invalid`, `content_mismatch`), and the tier of the key
 * that verified it. Every string that came from the provider (a key id, an
 * attester id, a signed commitment, an algorithm) is isolated in the words.
 */
import type { AttestationVerdict } from "../../src/attest/index.ts";
import type { FrameAttestationOutcome } from "../../src/host/index.ts";
import type { Badge } from "../shared/messages.ts";
import { isolated as q } from "../shared/visible.ts";

/** What a failed verdict means, for a person (spec §3.11 "Typical causes"). */
function verdictWords(verdict: AttestationVerdict): string {
  switch (verdict.kind) {
    case "commitment_mismatch":
      return `its id, content_digest or provenance is not what was signed (signed ${q(verdict.signed)}, recomputed ${verdict.expected})`;
    case "bad_signature":
      return "the signature does not verify under the key: a wrong key, or a forgery";
    case "unknown_algorithm":
      return `${q(verdict.algorithm)} is not an algorithm this host can check`;
    case "content_mismatch":
      return `the signature covers content_digest ${q(verdict.signed)}; the content now hashes to ${verdict.recomputed}`;
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

/** A signature that verifies over the bytes in hand (spec §3.13): verified, or identity only (F15). */
function attested(outcome: Extract<FrameAttestationOutcome, { state: "attested" }>, subject: string): Badge {
  const tier = outcome.anchor ?? "handshake";
  const who = `key ${q(outcome.keyId)} (${tier === "pinned" ? "pinned by you" : "published in the handshake, not pinned"}; the attester "${q(outcome.attesterId)}" is not signed)`;
  const signed = { keyId: outcome.keyId, tier };
  if (!outcome.coversContent)
    return {
      ...badge(
        "identity",
        "Identity only",
        `Signed by ${who}, but ${subject === "the result" ? "a frame of the result" : subject} has no content_digest: its bytes are not covered (F15).`,
        "valid_identity_only",
      ),
      ...signed,
    };
  const matches =
    subject === "the result" ? "every frame's content matches its digest" : "the content matches its digest";
  return { ...badge("verified", "Verified", `Signed by ${who}; ${matches}.`, "valid"), ...signed };
}

/** The badge of a frame (or, with `subject` "the result", of the result root). */
export function badgeOf(outcome: FrameAttestationOutcome, subject = "this frame"): Badge {
  switch (outcome.state) {
    case "attested":
      return attested(outcome, subject);
    case "invalid":
      return badge(
        "invalid",
        outcome.verdict.kind === "content_mismatch"
          ? "Invalid: content altered"
          : `Invalid: ${outcome.verdict.kind.replaceAll("_", " ")}`,
        `Verification failed: ${verdictWords(outcome.verdict)}.`,
        outcome.verdict.kind,
      );
    case "unattested":
      return badge("unsigned", "Unsigned", `No attestation came with ${subject}.`, "unattested");
    case "no_trusted_key":
      return badge(
        "unchecked",
        "Cannot check: no key",
        `Key id ${q(outcome.keyId)} is neither pinned nor published.`,
        "no_trusted_key",
        outcome.keyId,
      );
    case "unknown_algorithm":
      return badge(
        "unchecked",
        "Cannot check: algorithm",
        `${q(outcome.algorithm)} cannot be checked here (F8).`,
        "unknown_algorithm",
      );
    default:
      return badge("unchecked", "Cannot check: evidence", `Unusable evidence: ${outcome.reason}.`, "unusable_evidence");
  }
}
