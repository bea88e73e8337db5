/** The canonical FrameId order of Merkle leaves (spec §1.10, §3.7). */
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
 * Canonical order of frames of one provider (spec §3.7): by `id`, then
 * `content_digest` with absent first, UTF-8 bytewise; stable for equal identities.
 * Returns the frame indexes in canonical order.
 */
export function canonicalOrder(frames: readonly { id: string; content_digest?: string | undefined }[]): number[] {
  return frames
    .map((_, i) => i)
    .sort((i, j) => {
      const a = frames[i]!;
      const b = frames[j]!;
      const byId = compareUtf8(a.id, b.id);
      if (byId !== 0) return byId;
      if (a.content_digest === undefined || b.content_digest === undefined) {
        return (a.content_digest === undefined ? 0 : 1) - (b.content_digest === undefined ? 0 : 1);
      }
      return compareUtf8(a.content_digest, b.content_digest);
    });
}
