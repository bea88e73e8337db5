/**
 * The playground's host: one provider at a time behind a `Host` (consent
 * gates every query, C1/C2/C6; every answer audited, §4.6, §4.9), every
 * envelope recorded for export, and every answer kept for the views that
 * read it again (inclusion paths, revalidation, composition).
 */
import { fromHex, resultTree, sha256, toHex } from "../../src/attest/index.ts";
import {
  type Connection,
  type ConsentStore,
  consentReceipt,
  Credential,
  type FramesLeg,
  Host,
  httpTransport,
  type MessagePortStreams,
  messagePortStreams,
  type QueryInput,
  recordingTransport,
  streamTransport,
} from "../../src/host/index.ts";
import type { AttesterKey, ContextQueryResult } from "../../src/protocol/index.ts";
import { PROTOCOL_VERSION } from "../../src/wire/index.ts";
import type { AnswerView, HandshakeView, QueryReply, Target } from "../shared/messages.ts";
import { PlaygroundError } from "../shared/playground-error.ts";
import { localIdOf } from "../shared/local-id.ts";
import { type AnswerInput, answerView } from "./answer.ts";
import type { InPageLink } from "./in-page-link.ts";
import type { KeptAnswer } from "./kept-answer.ts";
import { WireLog } from "./wire-log.ts";

/** At most this many answers are kept (the oldest go first); the transcript keeps every envelope regardless. */
const MAX_KEPT_ANSWERS = 50;

interface Current {
  readonly localId: string;
  readonly target: Target;
  readonly connection: Connection;
  readonly streams?: MessagePortStreams;
}

/** A short fingerprint of a public key: the first 64 bits of its SHA-256, in four groups. */
function fingerprint(publicKeyHex: string): string {
  const key = fromHex(publicKeyHex, 32);
  if (!key) return "not a 32-byte key";
  return (toHex(sha256(key)).slice(0, 16).match(/..../g) ?? []).join(" ");
}

/** The playground's host session (see the file comment). */
export class Session {
  readonly #consent: ConsentStore;
  readonly #engine: HandshakeView["engine"];
  readonly #pinned: Record<string, readonly AttesterKey[]> = {};
  readonly #log = new WireLog();
  readonly #answers: KeptAnswer[] = [];
  #host: Host | undefined;
  #current: Current | undefined;
  #answerCount = 0;
  /** The URL of the HTTP provider connected (or being connected) now, for diagnosing failed fetches. */
  url: string | undefined;

  constructor(
    consent: ConsentStore,
    engine: HandshakeView["engine"],
    readonly link: InPageLink,
  ) {
    this.#consent = consent;
    this.#engine = engine;
  }

  /** The provider connected now, or a typed error. */
  get current(): Current {
    if (!this.#current) throw new PlaygroundError("not_connected", "connect to a provider first");
    return this.#current;
  }

  /** Connects (handshake first, H1–H3), replacing the provider connected before; C7 is checked before any byte. */
  async connect(target: Target, pinned: readonly AttesterKey[], handshakeTimeoutMs: number): Promise<HandshakeView> {
    await this.#host?.close();
    this.#host = undefined;
    this.#current = undefined;
    this.url = target.kind === "http" ? target.url : undefined;
    const localId = localIdOf(target);
    let streams: MessagePortStreams | undefined;
    let transport: ReturnType<typeof httpTransport> | ReturnType<typeof streamTransport>;
    if (target.kind === "http") {
      transport = httpTransport(target.url, target.token ? { credential: new Credential(target.token) } : {});
    } else {
      streams = messagePortStreams(this.link.open());
      transport = streamTransport(streams);
    }
    for (const id of Object.keys(this.#pinned)) delete this.#pinned[id];
    this.#pinned[localId] = pinned;
    // The Host reads its pinned keys per query, so `pin` can add one without a new connection.
    const host = new Host({ consent: this.#consent, pinnedKeys: this.#pinned, connect: { handshakeTimeoutMs } });
    const connection = await host.add(
      localId,
      recordingTransport(transport, (entry) => this.#log.record(entry)),
    );
    this.#host = host;
    this.#current = { localId, target, connection, ...(streams ? { streams } : {}) };
    return this.#handshakeView(this.#current);
  }

  #handshakeView(current: Current): HandshakeView {
    const { connection, target, localId } = current;
    return {
      localId,
      target: target.kind,
      ...(target.kind === "http" ? { url: target.url } : {}),
      provider: connection.provider,
      declaredEgress: connection.declaredDataFlow.egress,
      protocolVersion: connection.protocolVersion,
      hostVersion: PROTOCOL_VERSION,
      capabilities: connection.capabilities,
      attesterKeys: connection.attesterKeys.map((key) => ({ key, fingerprint: fingerprint(key.public_key) })),
      violations: connection.violations,
      engine: this.#engine,
    };
  }

  /** The in-page provider's Worker died: its link goes, and every request in flight, and every later one, fails at once. */
  providerGone(): null {
    this.link.detach();
    this.#current?.streams?.end();
    return null;
  }

  /** Pins keys for the provider connected now (§3.13): later answers verify against them first. */
  pin(keys: readonly AttesterKey[]): null {
    this.#pinned[this.current.localId] = keys;
    return null;
  }

  /**
   * Queries the provider through the `Host` (consent first: a gate sends
   * nothing, and comes back as a value for the page to ask the person). The
   * leg carries the answer as received, so an answer the audit drops whole
   * (B2, B4) is still shown, marked; a failure is the Host's `HostError`.
   */
  async query(input: QueryInput): Promise<QueryReply> {
    const { localId, connection } = this.current;
    const leg = await this.#host!.query(localId, input);
    switch (leg.outcome) {
      case "frames":
      case "budget_lie":
      case "frame_flood":
        return { outcome: "answered", answer: await this.#keep(input, leg.result, leg, connection.provider.name) };
      case "consent_required":
        return { outcome: leg.outcome };
      case "consent_scope_required":
        return { outcome: leg.outcome, missing: leg.missing };
      case "failed":
        throw leg.error;
    }
  }

  async #keep(
    query: QueryInput,
    result: ContextQueryResult,
    leg: AnswerInput["leg"],
    providerName: string,
    source: AnswerView["source"] = "live",
    localId = this.current.localId,
  ): Promise<AnswerView> {
    const answer = ++this.#answerCount;
    const tree = resultTree(providerName, result.frames);
    const view = await answerView({ answer, source, localId, providerName, query, result, tree, leg });
    this.#answers.push({ view, result, providerName, tree, ...(leg.outcome === "frames" ? { leg } : {}) });
    if (this.#answers.length > MAX_KEPT_ANSWERS) this.#answers.shift();
    return view;
  }

  /** Keeps an answer read from a transcript. */
  keepImported(input: Omit<AnswerInput, "answer" | "source" | "tree">): Promise<AnswerView> {
    return this.#keep(input.query, input.result, input.leg, input.providerName, "import", input.localId);
  }

  /** An answer kept earlier, by number. */
  answer(answer: number): KeptAnswer {
    const kept = this.#answers.find((a) => a.view.answer === answer);
    if (!kept) throw new PlaygroundError("no_answer", `answer ${answer} is no longer kept`);
    return kept;
  }

  /** The latest live answer of the provider connected now. */
  latestLive(): KeptAnswer & { leg: FramesLeg } {
    const kept = [...this.#answers].reverse().find((a) => a.leg !== undefined && a.view.source === "live");
    if (!kept?.leg) throw new PlaygroundError("no_answer", "run a query first");
    return kept as KeptAnswer & { leg: FramesLeg };
  }

  /** Every answer kept, in order. */
  get answers(): readonly KeptAnswer[] {
    return this.#answers;
  }

  /** Consent to the provider connected now: its boolean record (C1), or a receipt for one off-machine scope (C6). */
  grant(scope: string | undefined): null {
    const { localId, connection } = this.current;
    if (scope === undefined) this.#consent.grant(localId, connection.provider.data_flow, "granted in the playground");
    else
      this.#consent.recordReceipt(
        consentReceipt({
          providerId: localId,
          scope,
          provider: connection.provider,
          grantor: { kind: "human", id: "playground user" },
        }),
      );
    return null;
  }

  /** Withdraws every consent to the provider connected now. */
  revoke(): null {
    this.#consent.revoke(this.current.localId);
    return null;
  }

  /** Revalidates the latest live answer's frames (spec §4.7). */
  verifyFrames(frames: Parameters<Host["verifyFrames"]>[0]) {
    if (!this.#host) throw new PlaygroundError("not_connected", "connect to a provider first");
    return this.#host.verifyFrames(frames);
  }

  /** The transcript of the session as NDJSON. */
  get transcript(): WireLog {
    return this.#log;
  }
}
