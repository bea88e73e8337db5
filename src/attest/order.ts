/** The canonical FrameId order of Merkle leaves (spec §1.10, §3.7). */
import { compareWithinProvider } from "../protocol/frame-order.ts";

/**
 * Canonical order of frames of one provider (spec §3.7): by `id`, then
 * `content_digest` with absent first, UTF-8 bytewise (`compareWithinProvider`);
 * stable for equal identities. Returns the frame indexes in canonical order.
 */
export function canonicalOrder(frames: readonly { id: string; content_digest?: string | undefined }[]): number[] {
  const ids = frames.map((frame) => ({ frame_id: frame.id, content_digest: frame.content_digest }));
  return ids.map((_, i) => i).sort((i, j) => compareWithinProvider(ids[i]!, ids[j]!));
}
