/**
 * Revalidation: `verifyFrames(held)` (spec §4.7, V1–V4, D3, D4, D5). Linear in
 * what is held, and bounded by what was asked whatever the provider answers:
 * one map from each identity sent to its verdict, and at most
 * `VERDICTS_EXAMINED_PER_IDENTITY` verdicts examined per identity sent.
 */
import type { FrameId } from "../../protocol/frame-id.ts";
import { frameIdKey } from "../../protocol/frame-order.ts";
import type { FrameVerdict } from "../../protocol/verify.ts";
import type { Connection } from "../connection/connection.ts";

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
  /**
   * Verdicts in the providers' replies that answered nothing the host asked
   * (an identity never sent, a second verdict for one, or past the examination
   * bound), ignored and counted here (spec §1.10 "extra verdicts are ignored").
   * Absent when every verdict answered an identity sent.
   */
  readonly ignoredVerdicts?: number;
}

/**
 * How many verdicts the host examines per identity it sent (host policy; V2
 * expects one each). Twice leaves room for a provider that answers an identity
 * twice, say under both the local and the declared name (spec §1.10, D5);
 * verdicts past the bound are ignored unread, so a padded reply costs the host
 * no more than twice an honest one.
 */
const VERDICTS_EXAMINED_PER_IDENTITY = 2;

/** A dropped entry. */
function dropped(frame: FrameId, reason: DropReason): DroppedFrame {
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

/** The partitions of each group, joined in group order, their ignored verdicts summed. */
export function joinRevalidations(parts: readonly Revalidation[]): Revalidation {
  const ignored = parts.reduce((sum, p) => sum + (p.ignoredVerdicts ?? 0), 0);
  return {
    retained: parts.flatMap((p) => p.retained),
    dropped: parts.flatMap((p) => p.dropped),
    ...(ignored === 0 ? {} : { ignoredVerdicts: ignored }),
  };
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
 * The verdict answering each key sent: the first whose `frame` equals the sent
 * identity exactly (spec §4.7 step 5). Reading stops once every key has its
 * verdict, or after `VERDICTS_EXAMINED_PER_IDENTITY` verdicts per key.
 */
function answersTo(
  keys: readonly string[],
  verdicts: readonly FrameVerdict[],
): { answers: Map<string, FrameVerdict | undefined>; used: number } {
  const answers = new Map<string, FrameVerdict | undefined>(keys.map((key) => [key, undefined]));
  const examined = Math.min(verdicts.length, VERDICTS_EXAMINED_PER_IDENTITY * answers.size);
  let used = 0;
  for (let i = 0; i < examined && used < answers.size; i++) {
    const verdict = verdicts[i]!;
    const key = frameIdKey(verdict.frame);
    if (answers.has(key) && answers.get(key) === undefined) {
      answers.set(key, verdict);
      used++;
    }
  }
  return { answers, used };
}

/**
 * Partitions sent identities by the verdicts that answer them (V2, V3): a
 * verdict answers an identity only when its `frame` equals what was sent
 * exactly (the first such verdict counts); `valid` retains, `stale`/`gone`
 * drop, and a missing or `unknown` verdict is never read as valid. Every other
 * verdict is ignored and counted. `sent[i]` is what went on the wire for `held[i]`.
 */
export function partitionByVerdicts(
  held: readonly FrameId[],
  sent: readonly FrameId[],
  verdicts: readonly FrameVerdict[],
): Revalidation {
  const keys = sent.map(frameIdKey);
  const { answers, used } = answersTo(keys, verdicts);
  const retained: FrameId[] = [];
  const out: DroppedFrame[] = [];
  held.forEach((frame, i) => {
    const reason = dropFor(answers.get(keys[i]!));
    if (reason === undefined) retained.push(frame);
    else out.push(dropped(frame, reason));
  });
  const ignored = verdicts.length - used;
  return { retained, dropped: out, ...(ignored === 0 ? {} : { ignoredVerdicts: ignored }) };
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
