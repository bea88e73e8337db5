/** ContextQueryResult, the payload of `frames` (spec §1.7). */
import * as v from "valibot";
import { FrameAttestationSchema, ProvenanceAttestationSchema } from "./attestation.ts";
import { ContextFrameSchema } from "./frame.ts";
import { listOmittedWhenEmpty, optional, u32 } from "./primitives.ts";

/**
 * ContextQueryResult (spec §1.7). `truncated` is required with no default; the
 * attestation members are omitted when empty (F11, F12).
 */
export const ContextQueryResultSchema = v.object({
  frames: v.array(ContextFrameSchema),
  truncated: v.boolean(),
  dropped_estimate: optional(u32()),
  frame_attestations: listOmittedWhenEmpty(FrameAttestationSchema),
  result_attestation: optional(ProvenanceAttestationSchema),
});
/** ContextQueryResult (spec §1.7). */
export type ContextQueryResult = v.InferOutput<typeof ContextQueryResultSchema>;
