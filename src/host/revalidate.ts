/** Revalidation: `verifyFrames(held)` (spec §4.7, V1–V4, D3, D4). */
import type { FrameId } from "../protocol/frame-id.ts";
import { sameFrameId } from "../protocol/frame-order.ts";
import type { FrameVerdict } from "../protocol/verify.ts";

/** Why a held frame may not be reused (spec §4.7). */
export type DropReason =
  | { readonly kind: "unknown_provider" }
  | { readonly kind: "verify_unsupported" }
  | { readonly kind: "no_digest" }
  | { readonly kind: "verify_failed"; readonly message: string }
  | { readonly kind: "stale"; readonly replacementDigest?: string }
  | { readonly kind: "gone" }
  | { readonly kind: "unknown" };

/** A dropped identity and whether re-querying may recover it (every reason but `gone`). */
export interface DroppedFrame {
  readonly frame: FrameId;
  readonly reason: DropReason;
  readonly warrantsRequery: boolean;
}

/** The outcome of `verifyFrames`: a total partition of the identities held (spec §4.7). */
export interface Revalidation {
  readonly retained: readonly FrameId[];
  readonly dropped: readonly DroppedFrame[];
}

/** A dropped entry. */
export function dropped(frame: FrameId, reason: DropReason): DroppedFrame {
  return { frame, reason, warrantsRequery: reason.kind !== "gone" };
}

/**
 * Sorts sent identities by their verdicts (V2, V3): the verdict whose `frame`
 * equals the sent identity exactly; `valid` retains; `stale`/`gone` drop; a
 * missing or `unknown` verdict is never read as valid. `sent[i]` is what went
 * on the wire for `held[i]`.
 */
export function sortByVerdicts(
  held: readonly FrameId[],
  sent: readonly FrameId[],
  verdicts: readonly FrameVerdict[],
): Revalidation {
  const retained: FrameId[] = [];
  const out: DroppedFrame[] = [];
  held.forEach((frame, i) => {
    const verdict = verdicts.find((v) => sameFrameId(v.frame, sent[i]!));
    if (verdict?.status === "valid") retained.push(frame);
    else if (verdict?.status === "stale")
      out.push(
        dropped(frame, {
          kind: "stale",
          ...(verdict.replacement_digest === undefined ? {} : { replacementDigest: verdict.replacement_digest }),
        }),
      );
    else if (verdict?.status === "gone") out.push(dropped(frame, { kind: "gone" }));
    else out.push(dropped(frame, { kind: "unknown" }));
  });
  return { retained, dropped: out };
}
