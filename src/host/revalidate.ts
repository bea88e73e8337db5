/**
 * Revalidation: `verifyFrames(held)` (spec §4.7, V1–V4, D3, D4, D5). Linear in
 * what is held and what the provider answers: one map from each identity sent
 * to its verdict.
 */
import type { FrameId } from "../protocol/frame-id.ts";
import { frameIdKey } from "../protocol/frame-order.ts";
import type { FrameVerdict } from "../protocol/verify.ts";
import type { Connection } from "./connection.ts";

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

/** Every identity of `frames` dropped for one reason. */
export function droppedAll(frames: readonly FrameId[], reason: DropReason): Revalidation {
  return { retained: [], dropped: frames.map((frame) => dropped(frame, reason)) };
}

/** Held identities grouped by `provider_id`, groups in first-seen order (spec §4.7 step 1). */
export function groupByProvider(held: readonly FrameId[]): Map<string, FrameId[]> {
  const groups = new Map<string, FrameId[]>();
  for (const frame of held) {
    const group = groups.get(frame.provider_id);
    if (group) group.push(frame);
    else groups.set(frame.provider_id, [frame]);
  }
  return groups;
}

/** The partitions of each group, joined in group order. */
export function joinRevalidations(parts: readonly Revalidation[]): Revalidation {
  return { retained: parts.flatMap((p) => p.retained), dropped: parts.flatMap((p) => p.dropped) };
}

/** The drop a verdict calls for (V3, V4), or undefined for `valid`; no verdict at all is `unknown` (V2). */
function dropFor(verdict: FrameVerdict | undefined): DropReason | undefined {
  switch (verdict?.status) {
    case "valid":
      return undefined;
    case "stale":
      return verdict.replacement_digest === undefined
        ? { kind: "stale" }
        : { kind: "stale", replacementDigest: verdict.replacement_digest };
    case "gone":
      return { kind: "gone" };
    default:
      return { kind: "unknown" };
  }
}

/**
 * Partitions sent identities by the verdicts that answer them (V2, V3): a
 * verdict answers an identity only when its `frame` equals what was sent
 * exactly (the first such verdict counts); `valid` retains, `stale`/`gone`
 * drop, and a missing or `unknown` verdict is never read as valid.
 * `sent[i]` is what went on the wire for `held[i]`.
 */
export function partitionByVerdicts(
  held: readonly FrameId[],
  sent: readonly FrameId[],
  verdicts: readonly FrameVerdict[],
): Revalidation {
  const keys = sent.map(frameIdKey);
  const answers = new Map<string, FrameVerdict | undefined>(keys.map((key) => [key, undefined]));
  for (const verdict of verdicts) {
    const key = frameIdKey(verdict.frame);
    if (answers.has(key) && answers.get(key) === undefined) answers.set(key, verdict);
  }
  const retained: FrameId[] = [];
  const out: DroppedFrame[] = [];
  held.forEach((frame, i) => {
    const reason = dropFor(answers.get(keys[i]!));
    if (reason === undefined) retained.push(frame);
    else out.push(dropped(frame, reason));
  });
  return { retained, dropped: out };
}

/**
 * Revalidates one provider's held identities over its connection (spec §4.7
 * steps 3–5): identities without a digest are never sent (V1, D3); the rest go
 * in one `verify` under the provider's declared name (D5); a failed exchange
 * drops them all as `verify_failed`.
 */
export async function revalidateGroup(connection: Connection, frames: readonly FrameId[]): Promise<Revalidation> {
  const withDigest = frames.filter((f) => f.content_digest !== undefined);
  const noDigest = droppedAll(
    frames.filter((f) => f.content_digest === undefined),
    { kind: "no_digest" },
  );
  if (withDigest.length === 0) return noDigest;
  // [later revision] D5: the provider's declared name on the wire; verdicts are matched on what was sent.
  const sent = withDigest.map((f) => ({ ...f, provider_id: connection.provider.name }));
  try {
    const response = await connection.verify(sent);
    return joinRevalidations([noDigest, partitionByVerdicts(withDigest, sent, response.verdicts)]);
  } catch (error) {
    const message = error instanceof Error ? error.message : "verify failed";
    return joinRevalidations([noDigest, droppedAll(withDigest, { kind: "verify_failed", message })]);
  }
}
