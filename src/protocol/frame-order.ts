/** The canonical order of FrameIds and their equality (spec §1.10, §3.7, D2). */
import type { FrameId } from "./frame-id.ts";

/** Rank of a UTF-16 code unit in code-point (= UTF-8 byte) order: surrogates sort above U+E000–U+FFFF. */
function rank(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;
  if (unit >= 0xe000) return unit - 0x800;
  return unit;
}

/**
 * Compares two strings in UTF-8 byte order, as Rust's `String` order does.
 * JS's `<` compares UTF-16 units, which puts an astral character (a surrogate
 * pair) below U+E000–U+FFFF; UTF-8 puts it above (spec §3.7 "JS trap").
 */
export function compareUtf8(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return rank(x) - rank(y);
  }
  return a.length - b.length;
}

/**
 * The canonical order (spec §1.10): `provider_id`, then `frame_id`, then
 * `content_digest` with absent before present, every string compared bytewise
 * as UTF-8. Negative, zero or positive, for `Array.prototype.sort`.
 */
export function compareFrameIds(a: FrameId, b: FrameId): number {
  return compareUtf8(a.provider_id, b.provider_id) || compareWithinProvider(a, b);
}

/**
 * The canonical order of two FrameIds of one provider (spec §3.7): `frame_id`,
 * then `content_digest` with absent before present, bytewise as UTF-8.
 */
export function compareWithinProvider(
  a: Pick<FrameId, "frame_id" | "content_digest">,
  b: Pick<FrameId, "frame_id" | "content_digest">,
): number {
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

/** A map key for a FrameId that no two distinct identities share (absent digest ≠ empty digest). */
export function frameIdKey(id: FrameId): string {
  return JSON.stringify([id.provider_id, id.frame_id, id.content_digest ?? null]);
}

/** The FrameId of a frame served by `providerId` (spec §1.10, A1); no `content_digest` member when the frame has none. */
export function frameIdOf(providerId: string, frame: { id: string; content_digest?: string | undefined }): FrameId {
  return {
    provider_id: providerId,
    frame_id: frame.id,
    ...(frame.content_digest === undefined ? {} : { content_digest: frame.content_digest }),
  };
}
