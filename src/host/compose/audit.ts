/** The composition audit: what happened to every offered frame, and why (spec §4.8 steps 1, 3 and 6). */
import type { ContentBinding } from "../../attest/content-binding.ts";
import type { AttestationState } from "../../attest/verify-result.ts";
import type { FrameId } from "../../protocol/frame-id.ts";

/** The 2.0.0 default attestation state of an audit entry: nobody checked (spec §4.8 step 6, §3.13 `NotChecked`). */
export interface NotChecked {
  readonly state: "not_checked";
}

/** An audit entry's attestation state (spec §3.13): a checked `AttestationState`, or `not_checked`. */
export type AuditAttestation = AttestationState | NotChecked;

/** A frame whose inline bytes do not hash to its `content_digest`: the digest it carries and the one its bytes give (spec §1.8 #5, D1). */
export type ContentMismatch = Omit<Extract<ContentBinding, { kind: "mismatch" }>, "kind">;

/**
 * Why a frame was left out (spec §4.8): its content does not match its digest
 * (ours, before step 1 [inferred]: altered bytes are never presented as
 * evidence, nor allowed to win dedup under a digest they do not have), a
 * duplicate of `kept` (step 1), or its canonical `cost` exceeded the
 * `remaining` budget (step 3).
 */
export type ExclusionReason =
  | ({ readonly kind: "content_mismatch" } & ContentMismatch)
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
 * One audit entry (spec §4.8 step 6). `attestation` passes through (F9),
 * with the content binding applied (an attested state over altered bytes is
 * `invalid`); `coversContent` is present for an attested frame and says
 * whether the attestation binds its bytes or only its identity (F15, F16);
 * `contentMismatch` flags an altered frame that was included on request.
 */
export interface AuditEntry {
  readonly frame: FrameId;
  readonly disposition: Disposition;
  readonly attestation: AuditAttestation;
  readonly coversContent?: boolean;
  readonly contentMismatch?: ContentMismatch;
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
