/** The composition audit: what happened to every offered frame, and why (spec §4.8 steps 1, 3 and 6). */
import type { AttestationState } from "../../attest/verify-result.ts";
import type { FrameId } from "../../protocol/frame-id.ts";

/** The 2.0.0 default attestation state of an audit entry: nobody checked (spec §4.8 step 6, §3.13 `NotChecked`). */
export interface NotChecked {
  readonly state: "not_checked";
}

/** An audit entry's attestation state (spec §3.13): a checked `AttestationState`, or `not_checked`. */
export type AuditAttestation = AttestationState | NotChecked;

/** Why a frame was left out (spec §4.8): a duplicate of `kept` (step 1), or its canonical `cost` exceeded the `remaining` budget (step 3). */
export type ExclusionReason =
  | { readonly kind: "duplicate"; readonly kept: FrameId }
  | { readonly kind: "over_budget"; readonly cost: number; readonly remaining: number };

/**
 * What composition did with a frame (spec §4.8): `included`, `verifiable` when
 * it has a `content_digest` (D4, `verify` can confirm it later), else
 * `unverifiable`; or `excluded` with a reason.
 */
export type Disposition =
  | { readonly kind: "included"; readonly verification: "verifiable" | "unverifiable" }
  | { readonly kind: "excluded"; readonly reason: ExclusionReason };

/**
 * One audit entry (spec §4.8 step 6). `attestation` passes through untouched
 * (F9); `coversContent` is present for an attested frame and says whether the
 * attestation binds its bytes or only its identity (F15, F16).
 */
export interface AuditEntry {
  readonly frame: FrameId;
  readonly disposition: Disposition;
  readonly attestation: AuditAttestation;
  readonly coversContent?: boolean;
}

/** `CompositionAudit` (spec §4.8 step 6): every offered frame exactly once, and `tokens_used <= global_budget`. */
export interface CompositionAudit {
  readonly entries: readonly AuditEntry[];
  readonly global_budget: number;
  readonly tokens_used: number;
}

/** `{ coversContent }` for an attested state, `{}` otherwise, to spread into an entry or citation (F16). */
export function coversContentOf(attestation: AuditAttestation): { readonly coversContent?: boolean } {
  return attestation.state === "attested" ? { coversContent: attestation.coversContent } : {};
}
