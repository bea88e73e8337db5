/** A frame on its way through composition (spec §4.8). */
import { boundFrameState } from "../../attest/bound-state.ts";
import { type ContentBinding, contentBindingOf } from "../../attest/content-binding.ts";
import type { ContextFrame, Provenance } from "../../protocol/frame.ts";
import type { FrameId } from "../../protocol/frame-id.ts";
import { type AuditAttestation, type AuditEntry, coversContentOf, type Disposition } from "./audit.ts";

/**
 * A frame offered for composition (spec §4.8): the frame, the identity it is
 * composed under (local provider id, frame id, content_digest), its
 * attestation state if the host checked one (§3.13; absent ⇒ `not_checked`),
 * and what re-hashing its content found if the host did (an `AuditedFrame`
 * carries it; absent ⇒ the composer hashes the content itself, §1.8 #5).
 */
export interface OfferedFrame {
  readonly frameId: FrameId;
  readonly frame: ContextFrame;
  readonly attestation?: AuditAttestation;
  readonly contentBinding?: ContentBinding;
}

/** An offered frame inside the composer: its attestation and content binding resolved, its provenance as merged by dedup (spec §4.8 step 1). */
export interface Candidate {
  readonly frameId: FrameId;
  readonly frame: ContextFrame;
  readonly attestation: AuditAttestation;
  readonly binding: ContentBinding;
  readonly provenance: readonly Provenance[];
}

/**
 * The candidate for an offered frame, before dedup (spec §4.8): an attested
 * state handed in for bytes that do not match their digest becomes `invalid`
 * (`content_mismatch`), whoever computed it.
 */
export function candidateOf(offered: OfferedFrame): Candidate {
  const binding = offered.contentBinding ?? contentBindingOf(offered.frame);
  const attestation = offered.attestation ?? { state: "not_checked" };
  return {
    frameId: offered.frameId,
    frame: offered.frame,
    attestation: attestation.state === "not_checked" ? attestation : boundFrameState(attestation, binding),
    binding,
    provenance: offered.frame.provenance ?? [],
  };
}

/** What an entry or citation says of a candidate's attestation (F16) and, for an altered one, its digests. */
export function attestationOf(candidate: Candidate): Pick<AuditEntry, "coversContent" | "contentMismatch"> {
  const { binding } = candidate;
  return {
    ...coversContentOf(candidate.attestation),
    ...(binding.kind === "mismatch"
      ? { contentMismatch: { declared: binding.declared, recomputed: binding.recomputed } }
      : {}),
  };
}

/** The audit entry recording `disposition` for a candidate, its attestation carried through (spec §4.8 step 6, F9, F16). */
export function auditEntry(candidate: Candidate, disposition: Disposition): AuditEntry {
  return { frame: candidate.frameId, disposition, attestation: candidate.attestation, ...attestationOf(candidate) };
}
