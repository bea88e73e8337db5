// Building blocks for adversarial providers: wrap a real provider and distort what it says, count what it
// is asked, sign frames one by one, or script a peer on the far end of a stream pair.
import assert from "node:assert/strict";
import {
  decodeLine,
  encodeLine,
  type Envelope,
  type EnvelopeInit,
  type ExchangeTransport,
  type HandshakeAck,
  HostError,
  type InPageProvider,
  type LegResult,
  NdjsonDecoderStream,
  type Signer,
  signFrameAttestation,
  type StreamTransport,
  streamTransport,
} from "../lib.ts";

/** What an in-page provider replies. */
export type Reply = EnvelopeInit | undefined;
/** The session an in-page provider is handed. */
export type Session = Parameters<InPageProvider["handle"]>[1];
/** A `frames` reply as a provider writes it. */
export type FramesInit = Extract<EnvelopeInit, { type: "frames" }>;
/** The result of a `frames` reply as a provider writes it. */
export type ResultInit = FramesInit["result"];
/** One frame as a provider writes it. */
export type FrameInit = ResultInit["frames"][number];

/** Passes every reply of `provider` through `distort` (which also sees the envelope it answers). */
export function distorted(
  provider: InPageProvider,
  distort: (reply: Reply, envelope: Envelope) => Reply | Promise<Reply>,
): InPageProvider {
  return { handle: async (envelope, session) => distort(await provider.handle(envelope, session), envelope) };
}

/** Rewrites the result of every `frames` reply; everything else passes untouched. */
export function distortFrames(
  provider: InPageProvider,
  rewrite: (result: ResultInit, envelope: Envelope) => ResultInit | Promise<ResultInit>,
): InPageProvider {
  return distorted(provider, async (reply, envelope) =>
    reply?.type === "frames" ? { ...reply, result: await rewrite(reply.result, envelope) } : reply,
  );
}

/** A provider that records every envelope it is handed, by type, before handing it on. */
export function counting(provider: InPageProvider): {
  provider: InPageProvider;
  calls(type: Envelope["type"]): number;
  received: Envelope[];
} {
  const received: Envelope[] = [];
  return {
    provider: { handle: (envelope, session) => (received.push(envelope), provider.handle(envelope, session)) },
    calls: (type) => received.filter((e) => e.type === type).length,
    received,
  };
}

/**
 * A provider that publishes `signer`'s key in its handshake_ack and gives every frame a per-frame
 * attestation (spec §3.10 "Per-frame signing") under its declared `name`; `tamper` then edits the
 * signed result (forge, lift, alter) before it goes out.
 */
export function perFrameSigning(
  provider: InPageProvider,
  name: string,
  signer: Signer,
  tamper: (result: ResultInit) => ResultInit | Promise<ResultInit> = (r) => r,
): InPageProvider {
  return distorted(provider, async (reply) => {
    if (reply?.type === "handshake_ack") return { ...reply, attester_keys: [signer.attesterKey] };
    if (reply?.type !== "frames") return reply;
    const frames = reply.result.frames;
    const frame_attestations = await Promise.all(
      frames.map((frame) => signFrameAttestation(name, frame as Parameters<typeof signFrameAttestation>[1], signer)),
    );
    return { ...reply, result: await tamper({ ...reply.result, frame_attestations }) };
  });
}

/** Awaits `promise` and asserts it rejects with a HostError of `kind`; returns the error. */
export async function rejectsWith(promise: Promise<unknown>, kind: HostError["kind"]): Promise<HostError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof HostError, `expected HostError, got ${String(error)}`);
    assert.equal(error.kind, kind, error.message);
    return error;
  }
  assert.fail(`expected HostError ${kind}`);
}

/** The leg type for one outcome (a dropped leg's `outcome` is itself a union, so `Extract` would miss it). */
export type LegOf<O extends LegResult["outcome"]> = LegResult extends infer L
  ? L extends { outcome: infer U }
    ? O extends U
      ? L & { outcome: O }
      : never
    : never
  : never;

/** Narrows a leg to one outcome, failing the test (with what it was) otherwise. */
export function legOf<O extends LegResult["outcome"]>(leg: LegResult | undefined, outcome: O): LegOf<O> {
  assert.ok(leg, "no leg");
  assert.equal(
    leg.outcome,
    outcome,
    `leg ${leg.provider}: ${leg.outcome === "failed" ? `${leg.error.kind}: ${leg.error.message}` : leg.outcome}`,
  );
  return leg as LegOf<O>;
}

/** A failed leg's error, asserted to be of `kind`. */
export function failedWith(leg: LegResult | undefined, kind: HostError["kind"]): HostError {
  const failed = legOf(leg, "failed");
  assert.equal(failed.error.kind, kind, failed.error.message);
  return failed.error;
}

/** The far end of a stream pair, as a script sees it. */
export interface Peer {
  /** The next envelope the host wrote, or undefined when the host closed its side. Undecodable lines are skipped. */
  next(): Promise<Envelope | undefined>;
  /** Writes an envelope, or a raw line (a newline is appended). */
  send(message: EnvelopeInit | string): Promise<void>;
  /** Closes the provider's output. */
  end(): Promise<void>;
}

/**
 * A provider scripted by hand on an in-memory stream pair (as over stdio). `done` settles when the
 * script does; a script that throws (say, writing after the host hung up) settles it too.
 */
export function scriptedStream(script: (peer: Peer) => Promise<void>): {
  transport: StreamTransport;
  done: Promise<void>;
} {
  const toProvider = new TransformStream<Uint8Array, Uint8Array>();
  const toHost = new TransformStream<Uint8Array, Uint8Array>();
  const reader = toProvider.readable.pipeThrough(new NdjsonDecoderStream()).getReader();
  const writer = toHost.writable.getWriter();
  const utf8 = new TextEncoder();
  const peer: Peer = {
    async next() {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return undefined;
        if ("envelope" in value) return value.envelope;
      }
    },
    send: (message) => writer.write(utf8.encode(typeof message === "string" ? `${message}\n` : encodeLine(message))),
    end: () => writer.close(),
  };
  const done = script(peer).catch(() => undefined);
  return { transport: streamTransport({ readable: toHost.readable, writable: toProvider.writable }), done };
}

/** The query envelope a scripted provider is handed. */
export type QueryEnvelope = Extract<Envelope, { type: "query" }>;

/**
 * A stream provider that reads the handshake, answers it with `ack`, then runs `onQuery` for each query
 * the host sends (answering, ending its output or writing a raw line), until the host hangs up.
 */
export function afterAck(
  onQuery: (peer: Peer, query: QueryEnvelope) => Promise<void>,
  ack: EnvelopeInit = ackFor("peer"),
): ReturnType<typeof scriptedStream> {
  return scriptedStream(async (peer) => {
    await peer.next();
    await peer.send(ack);
    for (let envelope = await peer.next(); envelope; envelope = await peer.next())
      if (envelope.type === "query") await onQuery(peer, envelope);
  });
}

/**
 * An exchange transport answering each envelope with `answer` (called as it is: one that throws makes
 * `exchange` throw), recording the type of each envelope it is handed and counting its closes.
 */
export function scriptedExchange(
  answer: (envelope: EnvelopeInit) => Envelope | undefined | Promise<Envelope | undefined>,
  forcesEgress = false,
): { transport: ExchangeTransport; sent: string[]; closes(): number } {
  const sent: string[] = [];
  let closes = 0;
  const transport: ExchangeTransport = {
    kind: "exchange",
    forcesEgress,
    exchange: (envelope) => (sent.push(envelope.type), Promise.resolve(answer(envelope))),
    close: async () => void closes++,
  };
  return { transport, sent, closes: () => closes };
}

/** `ackFor(name)` as a connection holds it: decoded, with the defaults filled in (for `resumeConnection`). */
export function decodedAck(name: string): HandshakeAck {
  const ack = decodeLine(encodeLine(ackFor(name)));
  assert.ok(ack.type === "handshake_ack");
  return ack;
}

/** A minimal compatible handshake_ack. */
export function ackFor(
  name: string,
  capabilities: Extract<EnvelopeInit, { type: "handshake_ack" }>["capabilities"] = { correlation: true },
): EnvelopeInit {
  return {
    type: "handshake_ack",
    protocol_version: "contextgraph/1.0",
    provider: { name, version: "1.0.0", data_flow: { reads: true } },
    capabilities,
  };
}
