/** The determinism floor of composition (spec §4.8 `compose_context`, D2). */
import type { ContextFrame } from "../../protocol/frame.ts";
import type { FrameId } from "../../protocol/frame-id.ts";
import { renderFrameBlock } from "./block.ts";
import { compareFrameIds, sameFrameId } from "../../protocol/frame-order.ts";

/** One accepted frame with the identity it is composed under (local provider id, frame id, content_digest). */
export interface FramePair {
  readonly frameId: FrameId;
  readonly frame: ContextFrame;
}

/**
 * `compose_context` (spec §4.8): sorts the pairs by FrameId (§1.10), collapses
 * exact-duplicate identities (D2: the same identity is the same content) and
 * concatenates their blocks. The same set of pairs, in any order, gives the same bytes.
 */
export function composeContext(pairs: readonly FramePair[]): string {
  const sorted = [...pairs].sort((a, b) => compareFrameIds(a.frameId, b.frameId));
  return sorted
    .filter((pair, i) => i === 0 || !sameFrameId(sorted[i - 1]!.frameId, pair.frameId))
    .map((pair) => renderFrameBlock(pair.frameId, pair.frame))
    .join("");
}
