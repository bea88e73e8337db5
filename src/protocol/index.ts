/** `frameline/protocol`: every wire shape, the protocol's vocabulary, grammars and requirement checks (spec §1, §2). */
export * from "./vocabulary.ts";
export * from "./grammars.ts";
export { U32_MAX } from "./number-kinds.ts";
export { type DataFlow, DataFlowSchema, type ProviderInfo, ProviderInfoSchema } from "./provider-info.ts";
export { type Capabilities, CapabilitiesSchema, QueryCapabilitySchema } from "./capabilities.ts";
export { type ContextQuery, ContextQuerySchema } from "./query.ts";
export * from "./frame.ts";
export { type FrameId, FrameIdSchema } from "./frame-id.ts";
export { compareFrameIds, compareUtf8, frameIdKey, frameIdOf, sameFrameId } from "./frame-order.ts";
export * from "./attestation.ts";
export { type ContextQueryResult, ContextQueryResultSchema } from "./result.ts";
export * from "./verify.ts";
export * from "./envelope.ts";
export { lintEnvelope, lintFrame, lintQuery, lintStrict } from "./strict.ts";
export * from "./checks/index.ts";
