/**
 * A line or body in, a reply out (spec §1.1 "Reading", R1, U1, §4.13): the
 * one path every binding takes, decode ⇒ dispatch ⇒ encode. The bindings own
 * only their transport: framing, scheduling, status codes.
 */
import type { Envelope, EnvelopeInit } from "../protocol/envelope.ts";
import { decodeLine, encodeLine } from "../wire/line.ts";
import { WireError } from "../wire/wire-error.ts";
import type { Provider } from "./definition.ts";
import { handleEnvelope } from "./dispatch.ts";
import { errorReply } from "./error-reply.ts";
import type { ProviderSession } from "./session.ts";

/** One line or body, read: the envelope it carries, or the reply it earns without one (none for a notification). */
export type Received = { readonly envelope: Envelope } | { readonly unreadable: EnvelopeInit | undefined };

/** A reply ready for the transport: the line, and whether it refuses input that did not decode. */
export interface Answer {
  readonly line: string;
  readonly refused: boolean;
}

/** The `id` of a line that did not decode, if it is a JSON object carrying a string one. */
function idOf(line: string): string | undefined {
  try {
    const value: unknown = JSON.parse(line);
    const id = value !== null && typeof value === "object" ? (value as Record<string, unknown>).id : undefined;
    return typeof id === "string" ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The reply to a line that did not decode (R1, U1): `bad_request`, with the
 * line's id when it has one; an unknown `type` without id is a notification
 * and gets no reply.
 */
export function undecodableReply(line: string, thrown: unknown): EnvelopeInit | undefined {
  const code = thrown instanceof WireError ? thrown.code : "invalid_json";
  const id = idOf(line);
  if (code === "unknown_type" && id === undefined) return undefined;
  return errorReply(
    "bad_request",
    code === "unknown_type" ? "unknown envelope type" : `malformed envelope (${code})`,
    id,
  );
}

/**
 * The line for a reply to `request`: the reply itself, or `internal` (with the
 * request's id) when a handler's answer does not fit its shape, which is the
 * provider's fault, never a crash.
 */
export function encodeReply(reply: EnvelopeInit, request?: Envelope): string {
  try {
    return encodeLine(reply);
  } catch {
    const id = request?.type === "query" ? request.id : undefined;
    return encodeLine(errorReply("internal", "the provider produced a malformed answer", id));
  }
}

// Strict, as the stdio line splitter is: bytes that are not UTF-8 are refused, never replaced. A BOM is dropped.
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/**
 * Reads one line or body (spec §1.1: UTF-8 JSON), as text or as bytes, which
 * must be valid UTF-8 (`invalid_utf8` otherwise, as over stdio). Never throws.
 */
export function receive(input: string | Uint8Array): Received {
  let text: string;
  try {
    text = typeof input === "string" ? input : utf8.decode(input);
  } catch {
    return unreadable(new WireError("invalid_utf8", "the body is not valid UTF-8"));
  }
  try {
    return { envelope: decodeLine(text) };
  } catch (thrown) {
    return { unreadable: undecodableReply(text, thrown) };
  }
}

/** Input the transport could not turn into text (too long, not UTF-8): `bad_request`, no id to echo. */
export function unreadable(error: WireError): Received {
  return { unreadable: undecodableReply("", error) };
}

/** The reply to what was received, if one is due: the dispatcher's for an envelope, the refusal otherwise. */
export async function respond(
  provider: Provider,
  received: Received,
  session: ProviderSession,
): Promise<Answer | undefined> {
  if (!("envelope" in received)) {
    return received.unreadable === undefined ? undefined : { line: encodeLine(received.unreadable), refused: true };
  }
  const reply = await handleEnvelope(provider, received.envelope, session);
  return reply === undefined ? undefined : { line: encodeReply(reply, received.envelope), refused: false };
}

/** A line or body in, a reply out: `receive`, then `respond`. */
export function answer(
  provider: Provider,
  input: string | Uint8Array,
  session: ProviderSession,
): Promise<Answer | undefined> {
  return respond(provider, receive(input), session);
}

/**
 * Handles one line of text (R1, U1): a line that does not decode gets
 * `bad_request` (with its id when it has one) and the session goes on; an
 * unknown `type` is `bad_request` for a request (it has an id) and ignored as
 * a notification. Returns the reply line, if any.
 */
export async function handleLine(
  provider: Provider,
  line: string,
  session: ProviderSession,
): Promise<string | undefined> {
  return (await answer(provider, line, session))?.line;
}
