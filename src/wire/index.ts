/** `frameline/wire`: NDJSON framing and the envelope codec (spec §1.1, §4.1). */
export { WireError, type WireErrorCode } from "./wire-error.ts";
export { decodeLine, encodeLine } from "./line.ts";
export { correlationId, envelopeKind, errorCode } from "./envelope-info.ts";
export {
  ABSENT_ID,
  type CorrelationMismatch,
  type CorrelationResult,
  nextCorrelationId,
  verifyCorrelation,
} from "./correlation.ts";
export { PROTOCOL_VERSION, versionsCompatible } from "./version.ts";
export {
  DEFAULT_MAX_LINE_BYTES,
  type DecodedItem,
  type NdjsonDecoderOptions,
  NdjsonDecoderStream,
} from "./ndjson-decoder-stream.ts";
export { NdjsonEncoderStream } from "./ndjson-encoder-stream.ts";
