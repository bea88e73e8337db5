/** ContextFrame and the shapes it carries (spec §1.8). */
import * as v from "valibot";
import { f32, listOmittedWhenEmpty, optional, u32 } from "./primitives.ts";
import { CONTENT_FIDELITIES, INLINE_CONTENT_REQUIREMENTS, REPRESENTATIONS } from "./vocabulary.ts";

/**
 * A provenance link (spec §1.8). The Rust field `kind` is `type` on the wire.
 * The vocabulary is open; `file` links must carry a digest (F5, checked by
 * `checkFrame`). Every string enters the attestation preimage verbatim (§3.4).
 */
export const ProvenanceSchema = v.object({
  type: v.string(),
  uri: optional(v.string()),
  range: optional(v.string()),
  digest: optional(v.string()),
  method: optional(v.string()),
  by: optional(v.string()),
});
/** A provenance link (spec §1.8). */
export type Provenance = v.InferOutput<typeof ProvenanceSchema>;

/** A graph edge (spec §1.8, G1–G2). `rel` is an open vocabulary. */
export const RelationSchema = v.object({
  rel: v.string(),
  target_uri: v.string(),
  display_name: optional(v.string()),
});
/** A graph edge (spec §1.8). */
export type Relation = v.InferOutput<typeof RelationSchema>;

/** A frame's embedding (spec §1.8); the vector may be elided. */
export const FrameEmbeddingSchema = v.object({
  fingerprint: v.string(),
  vector: optional(v.array(f32())),
});
/** A frame's embedding (spec §1.8). */
export type FrameEmbedding = v.InferOutput<typeof FrameEmbeddingSchema>;

/** An opaque resolver handle for compact and reference frames (spec §1.8). */
export const ContentRefSchema = v.object({
  provider_id: v.string(),
  uri: v.string(),
  expires_at: optional(v.string()),
});
/** A content reference (spec §1.8). */
export type ContentRef = v.InferOutput<typeof ContentRefSchema>;

/** The transformation a compact frame applied to its source (spec §1.8). */
export const TransformSchema = v.object({
  method: v.string(),
  implementation: v.string(),
  version: v.string(),
});
/** A transform (spec §1.8). */
export type Transform = v.InferOutput<typeof TransformSchema>;

/**
 * ContextFrame (spec §1.8), members in the reference's declaration order, which
 * is also the order they are written in. `kind` is open (U2); timestamps,
 * digests and ranges are checked by `checkFrame`, not at decode time, so a
 * frame with a bad one still decodes and is reported by name.
 */
export const ContextFrameSchema = v.object({
  id: v.string(),
  kind: v.string(),
  title: v.string(),
  content: optional(v.string()),
  content_digest: optional(v.string()),
  uri: optional(v.string()),
  representation: optional(v.picklist(REPRESENTATIONS)),
  content_fidelity: optional(v.picklist(CONTENT_FIDELITIES)),
  canonical_content_hash: optional(v.string()),
  content_ref: optional(ContentRefSchema),
  transform: optional(TransformSchema),
  minimum_content_fidelity: optional(v.picklist(CONTENT_FIDELITIES)),
  inline_content_requirement: optional(v.picklist(INLINE_CONTENT_REQUIREMENTS)),
  score: f32(),
  token_cost: u32(),
  canonical_token_cost: optional(u32()),
  tokenizer_ref: optional(v.string()),
  valid_from: optional(v.string()),
  valid_to: optional(v.string()),
  recorded_at: optional(v.string()),
  provenance: listOmittedWhenEmpty(ProvenanceSchema),
  citation_label: optional(v.string()),
  embedding: optional(FrameEmbeddingSchema),
  relations: listOmittedWhenEmpty(RelationSchema),
});
/** ContextFrame (spec §1.8). */
export type ContextFrame = v.InferOutput<typeof ContextFrameSchema>;
