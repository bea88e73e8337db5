/** The attestation carriers and the published keys (spec §1.4, §1.9). */
import * as v from "valibot";
import { FrameIdSchema } from "./frame-id.ts";
import { optional, usize } from "./primitives.ts";

/** A key a provider publishes in `handshake_ack.attester_keys` (spec §1.4). */
export const AttesterKeySchema = v.object({
  key_id: v.string(),
  algorithm: v.string(),
  public_key: v.string(),
});
/** AttesterKey (spec §1.4). */
export type AttesterKey = v.InferOutput<typeof AttesterKeySchema>;

/**
 * ProvenanceAttestation (spec §1.9): all six members required. Only
 * `signed_commitment` is signed; the hex forms are checked by `src/attest`.
 */
export const ProvenanceAttestationSchema = v.object({
  signed_commitment: v.string(),
  key_id: v.string(),
  algorithm: v.string(),
  attester_id: v.string(),
  signature: v.string(),
  issued_at: v.string(),
});
/** ProvenanceAttestation (spec §1.9). */
export type ProvenanceAttestation = v.InferOutput<typeof ProvenanceAttestationSchema>;

/** One level of an inclusion proof (spec §1.9, §3.8). */
export const InclusionStepSchema = v.object({
  sibling: v.string(),
  sibling_is_left: v.boolean(),
});
/** InclusionStep (spec §1.9). */
export type InclusionStep = v.InferOutput<typeof InclusionStepSchema>;

/** An inclusion proof (spec §1.9): `path` is required even when empty. */
export const InclusionProofSchema = v.object({
  leaf_index: usize(),
  leaf_count: usize(),
  path: v.array(InclusionStepSchema),
});
/** InclusionProof (spec §1.9). */
export type InclusionProof = v.InferOutput<typeof InclusionProofSchema>;

/** FrameAttestation (spec §1.9, F11): the full identity plus optional evidence. */
export const FrameAttestationSchema = v.object({
  frame: FrameIdSchema,
  attestation: optional(ProvenanceAttestationSchema),
  inclusion_proof: optional(InclusionProofSchema),
});
/** FrameAttestation (spec §1.9). */
export type FrameAttestation = v.InferOutput<typeof FrameAttestationSchema>;
