/** `frameline/provider`: the provider kit (spec §4.13, §5.5). */
export {
  type CandidateFrame,
  DEFAULT_TIMEOUT_MS,
  type FrameStatus,
  type Provider,
  type ProviderDefinition,
  type QueryContext,
} from "./definition.ts";
export { defineProvider } from "./define.ts";
export { createSession, type ProviderSession } from "./session.ts";
export { handleEnvelope } from "./dispatch.ts";
export { handleLine, undecodableReply } from "./exchange.ts";
export { packFrames } from "./pack.ts";
export { matchesKinds, validAt } from "./filters.ts";
export { verdictsFor } from "./verify.ts";
export { createProviderApp, DEFAULT_MAX_BODY_BYTES, type ProviderAppOptions } from "./http-app.ts";
export { serveStream, type ServeStreamOptions } from "./serve-stream.ts";
