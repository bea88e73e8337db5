/** Matching `frame_attestations` entries to the frames they name (spec §3.12, F11). */
import type { FrameAttestation } from "../protocol/attestation.ts";
import { frameIdKey, frameIdOf } from "../protocol/frame-order.ts";

/** Each frame's entry, and how many entries matched none. */
interface MatchedEntries {
  /** The entry naming each frame, in `frames` order: at most one per frame, the first that names it. */
  readonly byFrame: readonly (FrameAttestation | undefined)[];
  /** Entries naming no frame of the result, naming a frame already matched, or beyond `frames.length`. */
  readonly orphans: number;
}

/**
 * Matches entries to frames by full FrameId under `providerName` (spec §3.12):
 * never by position; an entry naming another provider id, another frame id or
 * another digest is an orphan. At most `frames.length` entries are examined,
 * the rest are orphans unread (the [later revision] denial-of-service bound).
 */
export function matchEntries(
  providerName: string,
  frames: readonly { id: string; content_digest?: string | undefined }[],
  entries: readonly FrameAttestation[],
): MatchedEntries {
  const frameAt = new Map<string, number>();
  frames.forEach((frame, i) => {
    const key = frameIdKey(frameIdOf(providerName, frame));
    if (!frameAt.has(key)) frameAt.set(key, i);
  });
  const byFrame = new Array<FrameAttestation | undefined>(frames.length);
  let orphans = Math.max(0, entries.length - frames.length);
  for (const entry of entries.slice(0, frames.length)) {
    const index = frameAt.get(frameIdKey(entry.frame));
    if (index === undefined || byFrame[index]) orphans += 1;
    else byFrame[index] = entry;
  }
  return { byFrame, orphans };
}
