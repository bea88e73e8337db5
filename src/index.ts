/**
 * frameline: the Context Graph Protocol (contextgraph/1) on web standards. The package root exports
 * what most programs need: the wire shapes' types, the NDJSON codec, signing and checking answers,
 * defining and serving a provider, and the host runtime. Each layer's full surface is its own entry
 * point: `frameline/protocol`, `/wire`, `/attest`, `/provider`, `/host`, `/docs` (and `/node`).
 */
export type {
  AttesterKey,
  Capabilities,
  ContextFrame,
  ContextQuery,
  ContextQueryResult,
  DataFlow,
  Envelope,
  EnvelopeInit,
  ErrorCode,
  FrameId,
  FrameVerdict,
  ProviderInfo,
  Violation,
} from "./protocol/index.ts";
export {
  type DecodedItem,
  decodeLine,
  encodeLine,
  errorCode,
  NdjsonDecoderStream,
  NdjsonEncoderStream,
  PROTOCOL_VERSION,
  WireError,
  type WireErrorCode,
} from "./wire/index.ts";
export {
  type AttestationState,
  attestResult,
  type ResultAttestationReport,
  type Signer,
  signerFromKeyPair,
  signerFromSeed,
  verifyResultAttestations,
} from "./attest/index.ts";
export {
  type CandidateFrame,
  createProviderApp,
  defineProvider,
  type Provider,
  type ProviderAppOptions,
  type ProviderDefinition,
  type QueryContext,
  serveStream,
} from "./provider/index.ts";
export {
  type AuditedFrame,
  type ComposedPrompt,
  type ComposeOptions,
  composeForPrompt,
  type Connection,
  ConsentStore,
  Credential,
  connect,
  Host,
  HostError,
  type HostErrorKind,
  type HostOptions,
  httpTransport,
  inPageTransport,
  type LegResult,
  streamTransport,
  type Transport,
  usageLegOf,
  usageReport,
  webConsentStorage,
} from "./host/index.ts";
