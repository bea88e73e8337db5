/** FrameId, the identity of one frame's exact content (spec §1.10, D2). */
import * as v from "valibot";
import { optional } from "./primitives.ts";

/**
 * FrameId (spec §1.10): provider id, frame id and, when the frame has one, its
 * content digest. Used by verify, frame attestations and usage reports (A1).
 */
export const FrameIdSchema = v.object({
  provider_id: v.string(),
  frame_id: v.string(),
  content_digest: optional(v.string()),
});
/** FrameId (spec §1.10). */
export type FrameId = v.InferOutput<typeof FrameIdSchema>;
