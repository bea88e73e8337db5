/**
 * `frameline/provider`: the provider kit (spec §4.13, §5.5): `defineProvider`, the bindings
 * (`serveStream` for any WebStreams pair, `createProviderApp` for HTTP), and for a binding of your
 * own the dispatcher every binding shares (`handleLine`, or `handleEnvelope` with a session).
 */
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
export { handleLine } from "./exchange.ts";
export { DEFAULT_MAX_DRAIN_BYTES, discardBody, type RequestBody, readBody } from "./request-body.ts";
export { createProviderApp, DEFAULT_MAX_BODY_BYTES, type ProviderAppOptions } from "./http-app.ts";
export { serveStream, type ServeStreamOptions } from "./serve-stream.ts";
