/** `frameline/host`: connect to providers over any transport, negotiate, query, verify (spec §4). */
export { HostError, type HostErrorDetails, type HostErrorKind } from "./host-error.ts";
export { type HostReaction, hostReaction } from "./reaction.ts";
export { Credential } from "./transports/credential.ts";
export { isLoopbackUrl, isSecureEnough } from "./transports/loopback.ts";
export type { ExchangeTransport, StreamTransport, Transport } from "./transports/transport.ts";
export { streamTransport } from "./transports/stream.ts";
export { httpTransport, type HttpTransportOptions, DEFAULT_MAX_RESPONSE_BYTES } from "./transports/http.ts";
export { type InPageProvider, inPageTransport } from "./transports/in-page.ts";
export type { QueryInput } from "./connection/prepare-query.ts";
export {
  type ConnectOptions,
  type Connection,
  connect,
  HANDSHAKE_TIMEOUT_MS,
  type Negotiation,
  negotiate,
  REQUEST_TIMEOUT_MS,
  type RequestOptions,
  resumeConnection,
} from "./connection/connection.ts";
export { auditLeg } from "./multi-provider/audit-leg.ts";
export type { PublishedKeys } from "./multi-provider/trust-tiers.ts";
export type {
  AuditedFrame,
  DroppedLeg,
  FailedLeg,
  FrameAttestationOutcome,
  FramesLeg,
  LegOf,
  LegResult,
  ServedLeg,
  TrustAnchor,
} from "./multi-provider/leg.ts";
export { type ConsentDecision, ConsentStore } from "./multi-provider/consent/consent-store.ts";
export {
  type ConsentRecord,
  type ConsentState,
  type ConsentStorage,
  memoryConsentStorage,
  type WebStorage,
  webConsentStorage,
} from "./multi-provider/consent/storage.ts";
export type { DropReason, DroppedFrame, Revalidation } from "./multi-provider/revalidate.ts";
export { Host, type HostOptions } from "./multi-provider/host.ts";
export type { Connector } from "./multi-provider/registry.ts";
export { type FileProvenanceVerdict, type FileSource, verifyFileProvenance } from "./sessions/file-provenance.ts";
export { usageLegOf } from "./multi-provider/usage-legs.ts";
export * from "./compose/index.ts";
export * from "./reports/index.ts";
export {
  DEFAULT_MAX_QUEUED_BYTES,
  type MessagePortStreams,
  type MessagePortStreamsOptions,
  messagePortStreams,
  type PortLike,
} from "./transports/message-port.ts";
export { type RecordedEnvelope, recordingTransport } from "./sessions/recording.ts";
export { replayTransport } from "./sessions/replay.ts";
export {
  type RecordedExchange,
  readTranscript,
  type Transcript,
  type TranscriptConversation,
  type TranscriptProblem,
} from "./sessions/transcript.ts";
export * from "./handshake-cache/index.ts";
