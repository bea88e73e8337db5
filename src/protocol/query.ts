/** ContextQuery, the payload of `query` (spec §1.6). */
import * as v from "valibot";
import { f32, listOmittedWhenEmpty, optional, u32 } from "./primitives.ts";
import { REPRESENTATIONS } from "./vocabulary.ts";

/**
 * ContextQuery (spec §1.6). `kinds` keeps unknown kind strings verbatim (U2);
 * `as_of` is checked against the timestamp profile by `checkQuery` (F4), not here.
 */
export const ContextQuerySchema = v.object({
  goal: v.string(),
  query_text: optional(v.string()),
  embedding: optional(v.array(f32())),
  kinds: listOmittedWhenEmpty(v.string()),
  anchors: listOmittedWhenEmpty(v.string()),
  max_frames: u32(),
  max_tokens: u32(),
  as_of: optional(v.string()),
  representation_preferences: listOmittedWhenEmpty(v.picklist(REPRESENTATIONS)),
});
/** ContextQuery (spec §1.6). */
export type ContextQuery = v.InferOutput<typeof ContextQuerySchema>;
