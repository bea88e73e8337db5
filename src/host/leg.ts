/**
 * One provider's leg of a fan-out, as the host hands it back (spec §4.6
 * `ProviderResult`): the audited frames, a leg dropped whole by the budget
 * audit (B1, B2, B4), a consent gate (C1, C6) or a failure. Every leg type
 * lives here; `auditLeg` builds the first two, `Host` adds the rest.
 */
import type { ContentBinding } from "../attest/content-binding.ts";
import type { AttestationState } from "../attest/verify-result.ts";
import type { Violation } from "../protocol/checks/violation.ts";
import type { ContextFrame } from "../protocol/frame.ts";
import type { FrameId } from "../protocol/frame-id.ts";
import type { DataFlow } from "../protocol/provider-info.ts";
import type { HostError } from "./host-error.ts";

/** Which key verified an attestation (spec §3.13): one the operator pinned, or one the provider published. */
export type TrustAnchor = "pinned" | "handshake";

/** A frame's attestation outcome: its state, and for `attested`, which tier of key verified it (spec §3.13, §4.9). */
export type FrameAttestationOutcome = AttestationState & { readonly anchor?: TrustAnchor };

/**
 * One frame as the host accepted it: its identity (local provider id), its
 * breaches, its attestation (spec §4.6, §4.9) and what re-hashing its inline
 * content against its `content_digest` found (§1.8 #5). An attestation over
 * content that no longer matches is `invalid` (`content_mismatch`), never `attested`.
 */
export interface AuditedFrame {
  readonly frameId: FrameId;
  readonly frame: ContextFrame;
  readonly violations: readonly Violation[];
  readonly attestation: FrameAttestationOutcome;
  readonly contentBinding: ContentBinding;
}

/** A leg whose frames survived the budget audit (spec §4.6 `Frames`). */
export interface FramesLeg {
  readonly outcome: "frames";
  readonly frames: readonly AuditedFrame[];
  readonly truncated: boolean;
  readonly resultAttestation: FrameAttestationOutcome;
  /**
   * The answer's identity as its result attestation names it, absent when the
   * answer carries none: `root` is the `signed_commitment` (the Merkle root of
   * exactly these frames, §3.7) and `issuedAt` the `issued_at`. Hints, not
   * proof: the protocol signs nothing about the query (§3.9) and `issued_at`
   * is not signed, so a signed answer replayed to another query still
   * verifies; a host that wants to notice can compare roots across queries.
   */
  readonly answer?: { readonly root: string; readonly issuedAt: string };
  /** Breaches of the whole answer that do not drop it (Q1, orphaned attestation entries). */
  readonly violations: readonly Violation[];
}

/** A leg dropped whole, loudly (B2): more declared cost than `max_tokens`, or more frames than `max_frames` (B4). */
export interface DroppedLeg {
  readonly outcome: "budget_lie" | "frame_flood";
  readonly offered: number;
  readonly violations: readonly Violation[];
}

/** A served leg as `Host` returns it: `revoked` counts frames withheld because they went stale or gone (V4). */
export type ServedLeg = FramesLeg & { readonly provider: string; readonly revoked: number };

/** One provider's leg of a fan-out (spec §4.6 `ProviderResult`), under the host's local id for the provider. */
export type LegResult =
  | ServedLeg
  | (DroppedLeg & { readonly provider: string })
  | { readonly provider: string; readonly outcome: "consent_required"; readonly dataFlow: DataFlow }
  | {
      readonly provider: string;
      readonly outcome: "consent_scope_required";
      readonly dataFlow: DataFlow;
      readonly missing: readonly string[];
    }
  | { readonly provider: string; readonly outcome: "failed"; readonly error: HostError };
