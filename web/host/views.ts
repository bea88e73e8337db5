/**
 * The views the page asks for about a kept answer: a frame's inclusion path
 * (spec §3.8) and a revalidation (§4.7). A composition (§4.8) is in the tools
 * chunk (web/host/compose.ts).
 */
import { frameProof, traceInclusion } from "../../src/attest/index.ts";
import type { DroppedFrame, Revalidation } from "../../src/host/index.ts";
import { type FrameId, frameIdKey } from "../../src/protocol/index.ts";
import type { PathView, RevalidationView } from "../shared/messages.ts";
import type { KeptAnswer } from "./kept-answer.ts";

/**
 * The path of frame `index` from its leaf to the root: the proof the provider
 * sent (matched by full identity, F11), or, when it sent none, the one the
 * recomputed tree gives (F13), replayed step by step.
 */
export function pathView(kept: Pick<KeptAnswer, "result" | "providerName" | "tree">, index: number): PathView {
  const { result, providerName, tree } = kept;
  const frame = result.frames[index];
  if (!frame) throw new RangeError("no such frame");
  const sent = result.frame_attestations?.find(
    (entry) =>
      entry.frame.provider_id === providerName &&
      entry.frame.frame_id === frame.id &&
      entry.frame.content_digest === frame.content_digest,
  )?.inclusion_proof;
  const proof = sent ?? frameProof(tree, index);
  const trace = traceInclusion(tree.commitments[index]!, proof);
  const common = {
    frameId: frame.id,
    source: sent ? "provider" : "derived",
    leafIndex: proof.leaf_index,
    leafCount: proof.leaf_count,
    ...(result.result_attestation ? { signedRoot: result.result_attestation.signed_commitment } : {}),
  } as const;
  if ("problem" in trace)
    return { ...common, commitment: "", leaf: "", steps: [], root: "", problem: trace.problem.replaceAll("_", " ") };
  return { ...common, ...trace };
}

const DROP_WORDS: Record<DroppedFrame["reason"]["kind"], string> = {
  unknown_provider: "not connected",
  verify_unsupported: "the provider does not offer verify",
  no_digest: "no content_digest to revalidate (D3)",
  verify_failed: "the verify request failed",
  stale: "changed since: stop using this copy (V4)",
  gone: "the provider no longer has it (V4)",
  unknown: "the provider could not say; unknown is never validity (V3)",
};

/** Per-frame verdicts of a revalidation, in the order the frames were held. */
export function revalidationView(held: readonly FrameId[], revalidation: Revalidation): RevalidationView[] {
  const retained = new Set(revalidation.retained.map(frameIdKey));
  // The first verdict for an identity counts, as a search from the front would find it.
  const dropped = new Map([...revalidation.dropped].reverse().map((d) => [frameIdKey(d.frame), d.reason]));
  return held.map((frameId) => {
    const key = frameIdKey(frameId);
    if (retained.has(key)) return { frameId, status: "valid", detail: "still current" };
    const reason = dropped.get(key) ?? { kind: "unknown" as const };
    const extra = reason.kind === "stale" && reason.replacementDigest ? ` (now ${reason.replacementDigest})` : "";
    return {
      frameId,
      status: reason.kind === "unknown_provider" ? "unknown" : reason.kind,
      detail: DROP_WORDS[reason.kind] + extra,
    };
  });
}
