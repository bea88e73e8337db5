/**
 * The dispatcher every binding uses: one envelope in, at most one out (spec
 * §2.1, §2.11, §4.13). It never throws for a peer's input: an unservable
 * request gets a coded `error`, a notification it cannot serve is ignored, a
 * handler that throws is `internal`, one that overruns is `unavailable`.
 */
import { attestResult } from "../attest/sign.ts";
import { checkQuery } from "../protocol/checks/query.ts";
import type { Envelope, EnvelopeInit, QueryEnvelope } from "../protocol/envelope.ts";
import { PROTOCOL_VERSION, versionsCompatible } from "../wire/version.ts";
import type { CandidateFrame, Provider } from "./definition.ts";
import { errorReply } from "./error-reply.ts";
import { matchesKinds, validAt } from "./filters.ts";
import { packFrames } from "./pack.ts";
import type { ProviderSession } from "./session.ts";
import { Overrun, withinLimit } from "./time-limit.ts";
import { verdictsFor } from "./verify.ts";

type Reply = EnvelopeInit | undefined;

/** The handshake_ack, or `incompatible_version` for another major family (H1, H3). */
function handshake(provider: Provider, version: string, session: ProviderSession): Reply {
  if (!versionsCompatible(PROTOCOL_VERSION, version)) {
    return errorReply("incompatible_version", `this provider speaks ${PROTOCOL_VERSION}`);
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

/** Why a query cannot be served at all (F4, E1 ⇒ `bad_request`; no kind served ⇒ `unsupported_kind`), if it cannot. */
function refusal(provider: Provider, envelope: QueryEnvelope, session: ProviderSession): Reply {
  const id = envelope.id;
  if (!session.handshaken) return errorReply("bad_request", "handshake first", id);
  const problems = checkQuery(envelope.query, {
    embeddings_fingerprint: provider.capabilities.embeddings_fingerprint ?? undefined,
  });
  if (problems[0]) return errorReply("bad_request", `${problems[0].anchor}: ${problems[0].message}`, id);
  const served = provider.capabilities.query?.kinds ?? [];
  const asked = envelope.query.kinds ?? [];
  if (asked.length > 0 && served.length > 0 && !asked.some((kind) => served.includes(kind))) {
    return errorReply("unsupported_kind", `this provider serves ${served.join(", ")}`, id);
  }
  return undefined;
}

/** Answers a query: validate, filter (Q1, Q2, E1), pack (B1, B3, B4), sign (spec §3.10), echo the id (H4). */
async function query(provider: Provider, envelope: QueryEnvelope, session: ProviderSession): Promise<Reply> {
  const id = envelope.id;
  const refused = refusal(provider, envelope, session);
  if (refused) return refused;
  let candidates: readonly CandidateFrame[];
  try {
    candidates = await withinLimit(provider.timeoutMs, (signal) => provider.query(envelope.query, { signal }));
  } catch (thrown) {
    return thrown instanceof Overrun
      ? errorReply("unavailable", "the query took too long", id)
      : errorReply("internal", "the provider failed to answer", id);
  }
  const eligible = candidates.filter(
    (frame) => matchesKinds(frame, envelope.query) && validAt(frame, envelope.query.as_of),
  );
  const packed = await packFrames(eligible, envelope.query);
  const result = provider.signer ? await attestResult(packed, provider.info.name, provider.signer) : packed;
  return { type: "frames", ...(id === undefined ? {} : { id }), result };
}

/** The reply to one envelope, by type; may throw when a `verify` handler or the signer does. */
async function dispatch(provider: Provider, envelope: Envelope, session: ProviderSession): Promise<Reply> {
  switch (envelope.type) {
    case "handshake":
      return handshake(provider, envelope.protocol_version, session);
    case "query":
      return query(provider, envelope, session);
    case "verify":
      if (!session.handshaken) return errorReply("bad_request", "handshake first");
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
 * `shutdown` ⇒ no reply and the session closes (R2), the one place that
 * reads `shutdown`; envelopes only a provider sends are ignored. Never
 * throws: a `verify` handler or a signer that throws is `internal` (with the
 * query's id), its message not passed on.
 */
export async function handleEnvelope(provider: Provider, envelope: Envelope, session: ProviderSession): Promise<Reply> {
  try {
    return await dispatch(provider, envelope, session);
  } catch {
    const id = envelope.type === "query" ? envelope.id : undefined;
    return errorReply("internal", "the provider failed to answer", id);
  }
}
