/** A frame on its way through composition (spec §4.8). */
import type { ContextFrame, Provenance } from "../../protocol/frame.ts";
import type { FrameId } from "../../protocol/frame-id.ts";
import { type AuditAttestation, type AuditEntry, coversContentOf, type Disposition } from "./audit.ts";

/**
 * A frame offered for composition (spec §4.8): the frame, the identity it is
 * composed under (local provider id, frame id, content_digest), and its
 * attestation state if the host checked one (§3.13; absent ⇒ `not_checked`).
 */
export interface OfferedFrame {
  readonly frameId: FrameId;
  readonly frame: ContextFrame;
  readonly attestation?: AuditAttestation;
}

/** An offered frame inside the composer: its attestation resolved, its provenance as merged by dedup (spec §4.8 step 1). */
export interface Candidate {
  readonly frameId: FrameId;
  readonly frame: ContextFrame;
  readonly attestation: AuditAttestation;
  readonly provenance: readonly Provenance[];
}

/** The candidate for an offered frame, before dedup (spec §4.8). */
export function candidateOf(offered: OfferedFrame): Candidate {
  return {
    frameId: offered.frameId,
    frame: offered.frame,
    attestation: offered.attestation ?? { state: "not_checked" },
    provenance: offered.frame.provenance ?? [],
  };
}

/** The audit entry recording `disposition` for a candidate, its attestation carried untouched (spec §4.8 step 6, F9, F16). */
export function auditEntry(candidate: Candidate, disposition: Disposition): AuditEntry {
  return {
    frame: candidate.frameId,
    disposition,
    attestation: candidate.attestation,
    ...coversContentOf(candidate.attestation),
  };
}
