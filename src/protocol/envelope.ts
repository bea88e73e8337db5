/** The eight envelopes, tagged by `type` (spec §1.1, §1.3–§1.12). */
import * as v from "valibot";
import { AttesterKeySchema } from "./attestation.ts";
import { CapabilitiesSchema } from "./capabilities.ts";
import { listOmittedWhenEmpty, optional } from "./primitives.ts";
import { ProviderInfoSchema } from "./provider-info.ts";
import { ContextQuerySchema } from "./query.ts";
import { ContextQueryResultSchema } from "./result.ts";
import { VerifyRequestSchema, VerifyResponseSchema } from "./verify.ts";

/** `handshake` (spec §1.3): host → provider, no `id`. */
export const HandshakeSchema = v.object({
  type: v.literal("handshake"),
  protocol_version: v.string(),
});

/** `handshake_ack` (spec §1.4): `attester_keys` omitted when empty. */
export const HandshakeAckSchema = v.object({
  type: v.literal("handshake_ack"),
  protocol_version: v.string(),
  provider: ProviderInfoSchema,
  capabilities: CapabilitiesSchema,
  attester_keys: listOmittedWhenEmpty(AttesterKeySchema),
});

/** `query` (spec §1.6): `id` only for providers that declared correlation. */
export const QueryEnvelopeSchema = v.object({
  type: v.literal("query"),
  id: optional(v.string()),
  query: ContextQuerySchema,
});

/** `frames` (spec §1.7): no envelope-level attestation member. */
export const FramesEnvelopeSchema = v.object({
  type: v.literal("frames"),
  id: optional(v.string()),
  result: ContextQueryResultSchema,
});

/** `verify` (spec §1.10): no `id` in 2.0.0; one received is ignored. */
export const VerifyEnvelopeSchema = v.object({
  type: v.literal("verify"),
  request: VerifyRequestSchema,
});

/** `verified` (spec §1.10): no `id` in 2.0.0. */
export const VerifiedEnvelopeSchema = v.object({
  type: v.literal("verified"),
  response: VerifyResponseSchema,
});

/** `shutdown` (spec §1.11): no members, no reply. */
export const ShutdownSchema = v.object({
  type: v.literal("shutdown"),
});

/** `error` (spec §1.12): `code` is open (X1) and may be absent (X2). */
export const ErrorEnvelopeSchema = v.object({
  type: v.literal("error"),
  id: optional(v.string()),
  code: optional(v.string()),
  message: v.string(),
});

/** Every envelope schema, by wire `type`. */
export const ENVELOPE_SCHEMAS = {
  handshake: HandshakeSchema,
  handshake_ack: HandshakeAckSchema,
  query: QueryEnvelopeSchema,
  frames: FramesEnvelopeSchema,
  verify: VerifyEnvelopeSchema,
  verified: VerifiedEnvelopeSchema,
  shutdown: ShutdownSchema,
  error: ErrorEnvelopeSchema,
} as const;

/** A wire envelope `type` (spec §1.1). */
export type EnvelopeType = keyof typeof ENVELOPE_SCHEMAS;

/** The envelope schema: a variant on `type` (spec §1.1). */
export const EnvelopeSchema = v.variant(
  "type",
  Object.values(ENVELOPE_SCHEMAS) as [
    typeof HandshakeSchema,
    typeof HandshakeAckSchema,
    typeof QueryEnvelopeSchema,
    typeof FramesEnvelopeSchema,
    typeof VerifyEnvelopeSchema,
    typeof VerifiedEnvelopeSchema,
    typeof ShutdownSchema,
    typeof ErrorEnvelopeSchema,
  ],
);

/** A decoded envelope: defaults filled in, `null` read as absent (spec §1.2). */
export type Envelope = v.InferOutput<typeof EnvelopeSchema>;
/** An envelope as code writes it: defaults and empty lists may be left out. */
export type EnvelopeInit = v.InferInput<typeof EnvelopeSchema>;
/** The decoded envelope of one `type`. */
export type EnvelopeOf<T extends EnvelopeType> = Extract<Envelope, { type: T }>;

/** `handshake` (spec §1.3). */
export type Handshake = EnvelopeOf<"handshake">;
/** `handshake_ack` (spec §1.4). */
export type HandshakeAck = EnvelopeOf<"handshake_ack">;
/** `query` (spec §1.6). */
export type QueryEnvelope = EnvelopeOf<"query">;
/** `frames` (spec §1.7). */
export type FramesEnvelope = EnvelopeOf<"frames">;
/** `verify` (spec §1.10). */
export type VerifyEnvelope = EnvelopeOf<"verify">;
/** `verified` (spec §1.10). */
export type VerifiedEnvelope = EnvelopeOf<"verified">;
/** `shutdown` (spec §1.11). */
export type Shutdown = EnvelopeOf<"shutdown">;
/** `error` (spec §1.12). */
export type ErrorEnvelope = EnvelopeOf<"error">;
