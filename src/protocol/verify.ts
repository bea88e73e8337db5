/** VerifyRequest and VerifyResponse (spec §1.10, V1–V4). */
import * as v from "valibot";
import { FrameIdSchema } from "./frame-id.ts";
import { listAlwaysEmitted, optional } from "./primitives.ts";
import { VERDICT_STATUSES } from "./vocabulary.ts";

/** VerifyRequest (spec §1.10): identities only, never bodies (V1). */
export const VerifyRequestSchema = v.object({
  frames: listAlwaysEmitted(FrameIdSchema),
});
/** VerifyRequest (spec §1.10). */
export type VerifyRequest = v.InferOutput<typeof VerifyRequestSchema>;

/** One verdict, flattened onto the identity it answers (spec §1.10). */
export const FrameVerdictSchema = v.object({
  frame: FrameIdSchema,
  status: v.picklist(VERDICT_STATUSES),
  replacement_digest: optional(v.string()),
});
/** FrameVerdict (spec §1.10). */
export type FrameVerdict = v.InferOutput<typeof FrameVerdictSchema>;

/** VerifyResponse (spec §1.10). */
export const VerifyResponseSchema = v.object({
  verdicts: listAlwaysEmitted(FrameVerdictSchema),
});
/** VerifyResponse (spec §1.10). */
export type VerifyResponse = v.InferOutput<typeof VerifyResponseSchema>;
