/** Capabilities, the complete 2.0.0 member set (spec §1.5). */
import * as v from "valibot";
import { listOmittedWhenEmpty, optional, withDefault } from "./primitives.ts";
import { REPRESENTATIONS } from "./vocabulary.ts";

const no = () => false as const;

/** `capabilities.query` (spec §1.5): the frame kinds served; `kinds` is always emitted. */
export const QueryCapabilitySchema = v.object({
  kinds: withDefault(v.array(v.string()), () => []),
});

/**
 * Capabilities (spec §1.5). Legacy members (`upsert`, `subscribe`,
 * `query.filters`) are ignored like any unknown member (U1).
 */
export const CapabilitiesSchema = v.object({
  query: withDefault(QueryCapabilitySchema, () => ({ kinds: [] })),
  correlation: withDefault(v.boolean(), no),
  graph: withDefault(v.boolean(), no),
  embeddings_fingerprint: optional(v.string()),
  verify: withDefault(v.boolean(), no),
  representations: listOmittedWhenEmpty(v.picklist(REPRESENTATIONS)),
  resolve: withDefault(v.boolean(), no),
});
/** Capabilities (spec §1.5). */
export type Capabilities = v.InferOutput<typeof CapabilitiesSchema>;
