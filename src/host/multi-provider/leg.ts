/**
 * One provider's leg of a fan-out, as the host hands it back (spec §4.6
 * `ProviderResult`): the audited frames, a leg dropped whole by the budget
 * audit (B1, B2, B4), a consent gate (C1, C6) or a failure. Every leg is a
 * value carrying what its caller needs, so none rebuilds it: an answered or
 * dropped leg its raw result, every leg of a connected provider its data flow
 * as declared and as consent read it. Every leg type lives here; `auditLeg`
 * builds the first two, `Host` adds the rest.
 */
import type { ContentBinding } from "../../attest/content-binding.ts";
import type { AttestationState } from "../../attest/verify-result.ts";
import type { Violation } from "../../protocol/checks/violation.ts";
import type { ContextFrame } from "../../protocol/frame.ts";
import type { ContextQueryResult } from "../../protocol/result.ts";
import type { FrameId } from "../../protocol/frame-id.ts";
import type { DataFlow } from "../../protocol/provider-info.ts";
import type { HostError } from "../host-error.ts";

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
  /** The answer as received (after C8 scrubbing), for views that read it again (inclusion paths, export). */
  readonly result: ContextQueryResult;
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

/**
 * A leg dropped whole, loudly (B2): more declared cost than `max_tokens`, or
 * more frames than `max_frames` (B4). `violations` is the audit's verdict and
 * `result` the answer it was given, shown and exported as it came.
 */
export interface DroppedLeg {
  readonly outcome: "budget_lie" | "frame_flood";
  readonly offered: number;
  readonly violations: readonly Violation[];
  readonly result: ContextQueryResult;
}

/**
 * Who a leg is from, under the host's local id, and the provider's data flow:
 * `dataFlow` as consent read it (over HTTP `egress` is forced true, C4) and
 * `declaredDataFlow` as the provider's `handshake_ack` declared it.
 */
export interface LegOf {
  readonly provider: string;
  readonly dataFlow: DataFlow;
  readonly declaredDataFlow: DataFlow;
}

/** A served leg as `Host` returns it: `revoked` counts frames withheld because they went stale or gone (V4). */
export type ServedLeg = FramesLeg & LegOf & { readonly revoked: number };

/**
 * A failed leg (spec §4.6 `Failed(HostError)`): `stage` says whether the
 * provider could not be reached (`connect`: the handshake of a provider
 * registered to connect on first use failed) or failed its query (`query`: a
 * timeout is `error.kind` `timeout`). Only a `query` failure knows the data flow.
 */
export type FailedLeg =
  | { readonly provider: string; readonly outcome: "failed"; readonly stage: "connect"; readonly error: HostError }
  | (LegOf & { readonly outcome: "failed"; readonly stage: "query"; readonly error: HostError });

/** One provider's leg of a fan-out (spec §4.6 `ProviderResult`), under the host's local id for the provider. */
export type LegResult =
  | ServedLeg
  | (DroppedLeg & LegOf)
  | (LegOf & { readonly outcome: "consent_required" })
  | (LegOf & { readonly outcome: "consent_scope_required"; readonly missing: readonly string[] })
  | FailedLeg;
