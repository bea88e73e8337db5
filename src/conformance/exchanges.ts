/** The suite's exchanges on a link (spec §1.3–§1.10): what each reply amounts to, never thrown, always described. */
import type { EnvelopeInit, HandshakeAck } from "../protocol/envelope.ts";
import type { FrameId } from "../protocol/frame-id.ts";
import type { ContextQuery } from "../protocol/query.ts";
import type { ContextQueryResult } from "../protocol/result.ts";
import type { VerifyResponse } from "../protocol/verify.ts";
import { PROTOCOL_VERSION } from "../protocol/vocabulary.ts";
import { errorCode } from "../wire/envelope-info.ts";
import { quote } from "./evidence.ts";
import type { ProbeLink, Reply } from "./link/link.ts";

/** What a request came to: the expected envelope, a coded `error`, or a problem. */
export type Outcome<T> =
  | { readonly kind: "ok"; readonly value: T; readonly id?: string; readonly line?: string }
  | { readonly kind: "error"; readonly code: string; readonly rawCode?: string; readonly id?: string }
  | { readonly kind: "failed"; readonly problem: string };

/** Reads `reply` as an answer of type `type`, whose payload `pick` returns. */
function outcomeOf<T>(reply: Reply, type: string, pick: (envelope: never) => T): Outcome<T> {
  if (reply.kind === "failed") return { kind: "failed", problem: reply.problem };
  if (reply.kind === "none") return { kind: "failed", problem: `no reply (expected ${type})` };
  const envelope = reply.envelope;
  const id = "id" in envelope && typeof envelope.id === "string" ? { id: envelope.id } : {};
  if (envelope.type === "error") {
    const code = errorCode(envelope)!;
    return {
      kind: "error",
      code,
      ...(envelope.code !== undefined && envelope.code !== code ? { rawCode: envelope.code } : {}),
      ...id,
    };
  }
  if (envelope.type !== type) return { kind: "failed", problem: `expected ${type}, got ${envelope.type}` };
  return {
    kind: "ok",
    value: pick(envelope as never),
    ...id,
    ...(reply.line === undefined ? {} : { line: reply.line }),
  };
}

/** An outcome that is not `ok`, as evidence. */
export function notOk(outcome: Exclude<Outcome<unknown>, { kind: "ok" }>): string {
  if (outcome.kind === "failed") return outcome.problem;
  const raw = outcome.rawCode === undefined ? "" : ` (sent as ${quote(outcome.rawCode)})`;
  return `answered error ${outcome.code}${raw}`;
}

/** The handshake (spec §1.3, §1.4): the ack as the provider sent it (egress not forced, so C5 is judged as declared). */
export async function handshakeOn(link: ProbeLink, timeoutMs: number): Promise<Outcome<HandshakeAck>> {
  const reply = await link.request({ type: "handshake", protocol_version: PROTOCOL_VERSION }, timeoutMs);
  return outcomeOf(reply, "handshake_ack", (ack: HandshakeAck) => ack);
}

/** A query (spec §1.6), without an id unless one is given: only `correlation` judges H4. */
export async function queryOn(link: ProbeLink, query: ContextQuery, id?: string): Promise<Outcome<ContextQueryResult>> {
  const envelope: EnvelopeInit = { type: "query", ...(id === undefined ? {} : { id }), query };
  return outcomeOf(await link.request(envelope), "frames", (frames: { result: ContextQueryResult }) => frames.result);
}

/**
 * A host-driven query (spec §4.3): sent without an id, so a `frames` or `error` reply that carries one is
 * not its answer (the reference host hands such a reply to the waiter of that id, finds none and drops
 * it) and the check that asked says so; `correlation` alone judges H4. Except where the reference host
 * checks no id (`lenient`): over HTTP or in-page, to a provider that does not declare `correlation`
 * (§4.1 `verify_correlation`: nothing sent ⇒ OK).
 */
export async function hostQueryOn(
  link: ProbeLink,
  query: ContextQuery,
  lenient: boolean,
): Promise<Outcome<ContextQueryResult>> {
  const outcome = await queryOn(link, query);
  if (outcome.kind === "failed" || outcome.id === undefined || lenient) return outcome;
  const reply = outcome.kind === "ok" ? "frames" : "error";
  return {
    kind: "failed",
    problem: `the ${reply} reply carried id ${quote(outcome.id)}, but the query was sent without one: not its answer (§4.3)`,
  };
}

/** A verify request (spec §1.10): identities only, no id (2.0.0 has none on verify). */
export async function verifyOn(link: ProbeLink, frames: readonly FrameId[]): Promise<Outcome<VerifyResponse>> {
  const reply = await link.request({ type: "verify", request: { frames: [...frames] } });
  return outcomeOf(reply, "verified", (verified: { response: VerifyResponse }) => verified.response);
}
