/** The canonical order of FrameIds and their equality (spec §1.10, D2). */
import { compareUtf8 } from "../../attest/order.ts";
import type { FrameId } from "../../protocol/frame-id.ts";

/**
 * The canonical order (spec §1.10): `provider_id`, then `frame_id`, then
 * `content_digest` with absent before present, every string compared bytewise
 * as UTF-8. Negative, zero or positive, for `Array.prototype.sort`.
 */
export function compareFrameIds(a: FrameId, b: FrameId): number {
  const byProvider = compareUtf8(a.provider_id, b.provider_id);
  if (byProvider !== 0) return byProvider;
  const byFrame = compareUtf8(a.frame_id, b.frame_id);
  if (byFrame !== 0) return byFrame;
  if (a.content_digest === undefined || b.content_digest === undefined) {
    return (a.content_digest === undefined ? 0 : 1) - (b.content_digest === undefined ? 0 : 1);
  }
  return compareUtf8(a.content_digest, b.content_digest);
}

/** Whether two FrameIds name the same identity: all three members equal, absent equal only to absent (spec §1.10, D2, A1). */
export function sameFrameId(a: FrameId, b: FrameId): boolean {
  return a.provider_id === b.provider_id && a.frame_id === b.frame_id && a.content_digest === b.content_digest;
}
