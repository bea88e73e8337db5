/** The `error` envelope a provider answers with (spec §1.12). */
import type { EnvelopeInit } from "../protocol/envelope.ts";
import type { ErrorCode } from "../protocol/vocabulary.ts";

/**
 * A code this kit answers with besides the ones spec §1.12 defines; the
 * vocabulary is open (U2) and vendor codes are `vendor:name` (U3).
 */
export type KitErrorCode = ErrorCode | typeof UNAUTHORIZED;

/**
 * A request without the bearer token the HTTP binding requires (answered
 * with status 401). No §1.12 code says this: `bad_request` means the request
 * is malformed (it is not), `unavailable` and `shutting_down` invite a retry
 * that the same credentials cannot pass, and `internal` blames the provider.
 * So it is a vendor code (U3), which a host that reads only §1.12 handles as
 * `internal` (X1); hosts react to the 401 status itself (spec §4.4
 * `Unauthorized`), never to this body.
 */
export const UNAUTHORIZED = "frameline:unauthorized";

/** An `error` envelope: `code`, a human `message`, and the request's `id` when it had one (H4). */
export function errorReply(code: KitErrorCode, message: string, id?: string): EnvelopeInit {
  return { type: "error", ...(id === undefined ? {} : { id }), code, message };
}
