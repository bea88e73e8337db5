/** `HostError`: every way talking to a provider can fail, as a typed value (spec §4.12). */
import type { Envelope } from "../protocol/envelope.ts";
import type { ErrorCode } from "../protocol/vocabulary.ts";
import { errorCode } from "../wire/envelope-info.ts";
import { WireError } from "../wire/wire-error.ts";
import { type HostReaction, hostReaction } from "./reaction.ts";

/** What went wrong (spec §4.12 variants, snake_case, plus the local ones a careful host needs). */
export type HostErrorKind =
  /** The provider speaks another major version (H3), or refused this host's with `incompatible_version`. */
  | "version_mismatch"
  /** No `handshake_ack` within the handshake timeout (10 s by default, spec §4.2). */
  | "handshake_timeout"
  /** No reply to a request within its timeout (30 s by default, spec §4.4). */
  | "timeout"
  /** A reply that does not decode as an envelope (spec §1.1, §1.2), or an ack past the host's bounds. */
  | "wire"
  /** The transport failed: a network error, a refused HTTP status, a stream that failed while read. */
  | "transport"
  /** Plain `http://` to a host that is not loopback, refused before a byte was sent (C7). */
  | "insecure_transport"
  /** A request the host must not send (F4, E1, a shape of §1.6), refused before a byte was sent. */
  | "invalid_request"
  /** An HTTP redirect, never followed: C7 and consent were decided for the URL given. */
  | "redirect_refused"
  /** HTTP 401: the provider did not accept the credential (or none was given). */
  | "unauthorized"
  /** A stream provider's output ended, or its input closed, with requests outstanding (spec §4.4). */
  | "provider_crashed"
  /** The provider answered with an `error` envelope, its effective code in `details.code` (§1.12). */
  | "provider"
  /** The provider needs the user's consent before it is sent anything (C1, C2). */
  | "consent_required"
  /** The provider declares egress scopes no receipt covers yet (C6), named in `details.scopes`. */
  | "consent_scope_required"
  /** A reply of the wrong type, or no reply where one was due. */
  | "unexpected_envelope"
  /** A reply whose `id` is not the request's (H4). */
  | "correlation_mismatch"
  /** No provider is registered under that local id. */
  | "unknown_provider"
  /** A provider is already registered under that local id. */
  | "duplicate_id"
  /** The caller's `AbortSignal` cancelled the request. */
  | "aborted"
  /** The connection was closed (by the caller, or after a failure) before the request was answered. */
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
 * X1/X2) and the spec's host reaction (retry or not). `cause` keeps what was
 * thrown underneath (a fetch's `TypeError`, a stream's error, the encoder's
 * `WireError` for a request), for a developer on this machine; it is never
 * part of the message, a report or an answer, which are built from `kind`,
 * the message and `details` only; and no cause holds a provider's bytes
 * (C8: a decoding error quotes them, so it is never kept).
 */
export class HostError extends Error {
  override readonly name = "HostError";
  readonly reaction: HostReaction | undefined;
  constructor(
    readonly kind: HostErrorKind,
    message: string,
    readonly details: HostErrorDetails = {},
    options: { readonly cause?: unknown } = {},
  ) {
    super(message, "cause" in options ? { cause: options.cause } : undefined);
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
 * `fallback`, each keeping the error as its `cause` but for a decoding
 * `WireError`, whose message quotes the provider's bytes (C8: they may
 * reflect a credential). So no `WireError` leaves the host's API (spec §4.12).
 */
export function asHostError(error: unknown, fallback: (cause: unknown) => HostError): HostError {
  if (error instanceof HostError) return error;
  if (!(error instanceof WireError)) return fallback(error);
  return error.code === "unencodable"
    ? new HostError("invalid_request", `refused to send: ${error.message}`, {}, { cause: error })
    : new HostError("wire", `the provider's reply is not an envelope (${error.code})`);
}
