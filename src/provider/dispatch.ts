/**
 * The dispatcher every binding uses: one envelope in, at most one out (spec
 * §2.1, §2.11, §4.13). It never throws for a peer's input: a malformed or
 * unservable request gets a coded `error`, a notification it cannot serve is
 * ignored, a handler that throws is `internal`, one that overruns is `unavailable`.
 */
import { attestResult } from "../attest/sign.ts";
import { checkQuery } from "../protocol/checks/query.ts";
import type { Envelope, EnvelopeInit, QueryEnvelope } from "../protocol/envelope.ts";
import type { ErrorCode } from "../protocol/vocabulary.ts";
import { decodeLine, encodeLine } from "../wire/line.ts";
import { PROTOCOL_VERSION, versionsCompatible } from "../wire/version.ts";
import { WireError } from "../wire/wire-error.ts";
import type { CandidateFrame, Provider } from "./define.ts";
import { matchesKinds, validAt } from "./filters.ts";
import { packFrames } from "./pack.ts";
import type { ProviderSession } from "./session.ts";
import { verdictsFor } from "./verify.ts";

type Reply = EnvelopeInit | undefined;

function error(code: ErrorCode, message: string, id?: string): EnvelopeInit {
  return { type: "error", ...(id === undefined ? {} : { id }), code, message };
}

class Overrun extends Error {}

/** Runs a handler under the provider's time limit, aborting its signal when it overruns. */
async function withinLimit<T>(provider: Provider, run: (signal: AbortSignal) => Promise<T> | T): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const overrun = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Overrun());
    }, provider.timeoutMs);
  });
  try {
    return await Promise.race([Promise.resolve().then(() => run(controller.signal)), overrun]);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}

/** The handshake_ack, or `incompatible_version` for another major family (H1, H3). */
function handshake(provider: Provider, version: string, session: ProviderSession): Reply {
  if (!versionsCompatible(PROTOCOL_VERSION, version)) {
    return error("incompatible_version", `this provider speaks ${PROTOCOL_VERSION}`);
  }
  session.handshaken = true;
  return {
    type: "handshake_ack",
    protocol_version: PROTOCOL_VERSION,
    provider: provider.info,
    capabilities: provider.capabilities,
    ...(provider.signer ? { attester_keys: [provider.signer.attesterKey] } : {}),
  };
}

/** Answers a query: validate, filter (Q1, Q2, E1), pack (B1, B3, B4), sign (spec §3.10), echo the id (H4). */
async function query(provider: Provider, envelope: QueryEnvelope, session: ProviderSession): Promise<Reply> {
  const id = envelope.id;
  if (!session.handshaken) return error("bad_request", "handshake first", id);
  const problems = checkQuery(envelope.query, {
    embeddings_fingerprint: provider.capabilities.embeddings_fingerprint ?? undefined,
  });
  if (problems[0]) return error("bad_request", `${problems[0].anchor}: ${problems[0].message}`, id);
  const served = provider.capabilities.query?.kinds ?? [];
  const asked = envelope.query.kinds ?? [];
  if (asked.length > 0 && served.length > 0 && !asked.some((kind) => served.includes(kind))) {
    return error("unsupported_kind", `this provider serves ${served.join(", ")}`, id);
  }
  let candidates: readonly CandidateFrame[];
  try {
    candidates = await withinLimit(provider, (signal) => provider.query(envelope.query, { signal }));
  } catch (thrown) {
    return thrown instanceof Overrun
      ? error("unavailable", "the query took too long", id)
      : error("internal", "the provider failed to answer", id);
  }
  const eligible = candidates.filter(
    (frame) => matchesKinds(frame, envelope.query) && validAt(frame, envelope.query.as_of),
  );
  const packed = await packFrames(eligible, envelope.query);
  const result = provider.signer ? await attestResult(packed, provider.info.name, provider.signer) : packed;
  return { type: "frames", ...(id === undefined ? {} : { id }), result };
}

/** The reply to one envelope, by type; may throw when a handler or the signer does. */
async function dispatch(provider: Provider, envelope: Envelope, session: ProviderSession): Promise<Reply> {
  switch (envelope.type) {
    case "handshake":
      return handshake(provider, envelope.protocol_version, session);
    case "query":
      return query(provider, envelope, session);
    case "verify":
      if (!session.handshaken) return error("bad_request", "handshake first");
      return { type: "verified", response: { verdicts: await verdictsFor(provider, envelope.request.frames) } };
    case "shutdown":
      session.closed = true;
      return undefined;
    default:
      return undefined;
  }
}

/**
 * Handles one decoded envelope (spec §4.13): `handshake` ⇒ ack; `query` ⇒
 * `frames` or a coded `error`, echoing the id; `verify` ⇒ `verified`;
 * `shutdown` ⇒ no reply and the session closes (R2); envelopes only a
 * provider sends are ignored. Never throws: a `verify` handler or a signer
 * that throws is `internal` (with the query's id), its message not passed on.
 */
export async function handleEnvelope(provider: Provider, envelope: Envelope, session: ProviderSession): Promise<Reply> {
  try {
    return await dispatch(provider, envelope, session);
  } catch {
    return error("internal", "the provider failed to answer", envelope.type === "query" ? envelope.id : undefined);
  }
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
  return error("bad_request", code === "unknown_type" ? "unknown envelope type" : `malformed envelope (${code})`, id);
}

/**
 * The line for a reply to `request`: the reply itself, or `internal` (with the
 * request's id) when a handler's answer does not fit its shape, which is the
 * provider's fault, never a crash. Every binding writes replies through it.
 */
export function encodeReply(reply: EnvelopeInit, request?: Envelope): string {
  try {
    return encodeLine(reply);
  } catch {
    return encodeLine(
      error("internal", "the provider produced a malformed answer", request?.type === "query" ? request.id : undefined),
    );
  }
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
  let envelope: Envelope;
  try {
    envelope = decodeLine(line);
  } catch (thrown) {
    const reply = undecodableReply(line, thrown);
    return reply === undefined ? undefined : encodeLine(reply);
  }
  const reply = await handleEnvelope(provider, envelope, session);
  return reply === undefined ? undefined : encodeReply(reply, envelope);
}
