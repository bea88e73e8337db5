/** Reading an envelope's kind, correlation id and error code (spec §4.1). */
import type { Envelope, EnvelopeInit, EnvelopeType } from "../protocol/envelope.ts";
import { type ErrorCode, isKnownErrorCode } from "../protocol/vocabulary.ts";

/** The wire `type` of an envelope, for "expected X, got Y" messages (spec §4.1). */
export function envelopeKind(envelope: Envelope | EnvelopeInit): EnvelopeType {
  return envelope.type;
}

/** The correlation `id` a `query`, `frames` or `error` carries; undefined for every other type (spec §4.1, H4). */
export function correlationId(envelope: Envelope | EnvelopeInit): string | undefined {
  switch (envelope.type) {
    case "query":
    case "frames":
    case "error":
      return envelope.id ?? undefined;
    default:
      return undefined;
  }
}

/**
 * The effective code of an `error` envelope: its code when spec §1.12 defines
 * it, `internal` when absent (X2) or unknown (X1), so a host never infers
 * "retryable" from silence. Undefined for other envelope types. The envelope
 * itself keeps an unknown code verbatim.
 */
export function errorCode(envelope: Envelope | EnvelopeInit): ErrorCode | undefined {
  if (envelope.type !== "error") return undefined;
  const code = envelope.code;
  return typeof code === "string" && isKnownErrorCode(code) ? code : "internal";
}
