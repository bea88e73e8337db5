/** `HostError`: every way talking to a provider can fail, as a typed value (spec §4.12). */
import type { Envelope } from "../protocol/envelope.ts";
import type { ErrorCode } from "../protocol/vocabulary.ts";
import { errorCode } from "../wire/envelope-info.ts";
import { WireError } from "../wire/wire-error.ts";
import { type HostReaction, hostReaction } from "./reaction.ts";

/** What went wrong (spec §4.12 variants, snake_case, plus the local ones a careful host needs). */
export type HostErrorKind =
  | "version_mismatch"
  | "handshake_timeout"
  | "timeout"
  | "wire"
  | "transport"
  | "insecure_transport"
  | "invalid_request"
  | "redirect_refused"
  | "unauthorized"
  | "provider_crashed"
  | "provider"
  | "consent_required"
  | "consent_scope_required"
  | "unexpected_envelope"
  | "correlation_mismatch"
  | "unknown_provider"
  | "duplicate_id"
  | "aborted"
  | "closed";

/** Details a `HostError` may carry; never a credential, never frame content (C8). */
export interface HostErrorDetails {
  readonly provider?: string;
  readonly hostVersion?: string;
  readonly providerVersion?: string;
  readonly timeoutMs?: number;
  readonly host?: string;
  readonly status?: number;
  readonly expected?: string;
  readonly got?: string;
  readonly scopes?: readonly string[];
  readonly code?: ErrorCode;
  /** The provider's error code verbatim, when it is not one spec §1.12 defines (X1). */
  readonly rawCode?: string;
  /** A provider's error message, at most 200 characters, carried as data (an HTTP error body, spec §4.4). */
  readonly providerMessage?: string;
  /** For `invalid_request`: the spec anchor the request breaks (`F4`, `E1`, `§1.6` for its shape). */
  readonly anchor?: string;
}

/**
 * A host failure with a machine `kind` and a human message. A `provider`
 * error carries the effective `code` (unknown or absent read as `internal`,
 * X1/X2) and the spec's host reaction (retry or not).
 */
export class HostError extends Error {
  override readonly name = "HostError";
  readonly reaction: HostReaction | undefined;
  constructor(
    readonly kind: HostErrorKind,
    message: string,
    readonly details: HostErrorDetails = {},
  ) {
    super(message);
    this.reaction = details.code === undefined ? undefined : hostReaction(details.code);
  }

  /** Whether retrying could help: only `unavailable` and `shutting_down` (spec §1.12). */
  get retryable(): boolean {
    return this.reaction === "retry_with_backoff" || this.reaction === "respawn";
  }
}

/**
 * A provider's `error` envelope as a `HostError` of kind `provider` (spec
 * §1.12): the effective code (X1, X2), the raw code when it differs, and the
 * first 200 characters of the message.
 */
export function providerError(reply: Extract<Envelope, { type: "error" }>, provider: string): HostError {
  const code = errorCode(reply)!;
  const raw = reply.code !== undefined && reply.code !== code ? { rawCode: reply.code } : {};
  return new HostError("provider", `provider ${provider} answered ${code}: ${reply.message.slice(0, 200)}`, {
    provider,
    code,
    ...raw,
  });
}

/**
 * Any failure of a transport as a `HostError`: a `HostError` as it is, a
 * `WireError` as `invalid_request` (an envelope that would not encode: nothing
 * was sent) or `wire` (bytes that would not decode), anything else as
 * `fallback`. So no `WireError` leaves the host's API (spec §4.12).
 */
export function asHostError(error: unknown, fallback: () => HostError): HostError {
  if (error instanceof HostError) return error;
  if (!(error instanceof WireError)) return fallback();
  return error.code === "unencodable"
    ? new HostError("invalid_request", `refused to send: ${error.message}`)
    : new HostError("wire", `the provider's reply is not an envelope (${error.code})`);
}
