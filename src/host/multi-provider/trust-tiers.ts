/**
 * The two trust tiers of spec §3.13 for one answer: the keys the operator
 * pinned for a provider (the trust anchor) and the keys its handshake
 * published (the construction anchor), combined into one state per frame.
 */
import { type ResultSignatureReport, verifyResultSignatures } from "../../attest/verify-result.ts";
import type { AttestationState } from "../../attest/attestation-state.ts";
import type { AttesterKey } from "../../protocol/attestation.ts";
import type { ContextQueryResult } from "../../protocol/result.ts";
import type { FrameAttestationOutcome } from "./leg.ts";

/**
 * When the keys a provider publishes in its handshake count for its answers
 * (spec §3.13: the operator's anchors outrank what the handshake says):
 * `unless_pinned` (the default) consults them only for a provider the operator
 * pinned no key for, so once keys are pinned a frame signed under any other
 * key id is `no_trusted_key`; `also_when_pinned` lets a key id the operator did
 * not pin fall back to the published key (anchor `handshake`), for an operator
 * who wants both tiers and reads the anchor.
 */
export type PublishedKeys = "unless_pinned" | "also_when_pinned";

/** A result's signature states under both tiers, each `attested` one naming its anchor. */
interface TieredStates {
  readonly result: FrameAttestationOutcome;
  readonly frames: readonly FrameAttestationOutcome[];
  readonly orphans: number;
}

/**
 * One state from the two tiers: a pinned key's verdict stands whatever the
 * published key says (a published key that disagrees with a pinned one is a
 * substitution, not a pass); a key id the operator did not pin falls back to
 * the published state only when one was computed (`tieredStates` decides).
 */
function withAnchor(
  pinned: AttestationState | undefined,
  published: AttestationState | undefined,
): FrameAttestationOutcome {
  if (pinned && (pinned.state !== "no_trusted_key" || !published))
    return pinned.state === "attested" ? { ...pinned, anchor: "pinned" } : pinned;
  const state = published ?? { state: "unattested" };
  return state.state === "attested" ? { ...state, anchor: "handshake" } : state;
}

/** Whether the pinned report leaves any evidence to the published tier. */
function leavesAnyToPublished(pinned: ResultSignatureReport): boolean {
  return [pinned.result, ...pinned.frames].some((state) => state.state === "no_trusted_key");
}

/**
 * Every signature of `result` under the tiers (spec §3.13, §4.9), signature
 * only (the caller binds content): the pinned keys first; the published keys
 * only where `publishedKeys` lets them speak and the pinned ones had no say,
 * so no signature is checked twice.
 */
export async function tieredStates(
  result: ContextQueryResult,
  providerName: string,
  keys: { readonly pinned: readonly AttesterKey[]; readonly published: readonly AttesterKey[] },
  publishedKeys: PublishedKeys = "unless_pinned",
): Promise<TieredStates> {
  const pinned = keys.pinned.length > 0 ? await verifyResultSignatures(result, providerName, keys.pinned) : undefined;
  const consult = !pinned || (publishedKeys === "also_when_pinned" && leavesAnyToPublished(pinned));
  const published = consult ? await verifyResultSignatures(result, providerName, keys.published) : undefined;
  const report = (published ?? pinned)!;
  return {
    result: withAnchor(pinned?.result, published?.result),
    frames: report.frames.map((_, i) => withAnchor(pinned?.frames[i], published?.frames[i])),
    orphans: report.orphans,
  };
}
