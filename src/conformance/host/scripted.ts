/**
 * Scripted providers for the host-side suites (spec §5.3, §5.4): small
 * adversaries and their well-behaved twins, written against the wire shapes
 * only (no provider kit), over an in-memory stream pair as a stdio child
 * would be, recording every envelope they receive so a check can prove what
 * was (not) transmitted.
 */
import type { AttesterKey } from "../../protocol/attestation.ts";
import type { ContextFrame } from "../../protocol/frame.ts";
import type { Envelope, EnvelopeInit } from "../../protocol/envelope.ts";
import type { DataFlow } from "../../protocol/provider-info.ts";
import type { ContextQuery } from "../../protocol/query.ts";
import type { ContextQueryResult } from "../../protocol/result.ts";
import { PROTOCOL_VERSION } from "../../protocol/vocabulary.ts";
import { encodeLine } from "../../wire/line.ts";
import { NdjsonDecoderStream } from "../../wire/ndjson-decoder-stream.ts";
import { streamTransport } from "../../host/transports/stream.ts";
import type { StreamTransport } from "../../host/transports/transport.ts";

/** An answer with the evidence signed over its frames (spec §1.7, §3.12), served as it is. */
export type SignedAnswer = Pick<ContextQueryResult, "frames" | "frame_attestations" | "result_attestation">;

/** What a scripted provider declares and answers. */
interface Script {
  readonly name: string;
  /** The version its ack names (default `contextgraph/1.0`). */
  readonly version?: string;
  readonly dataFlow?: DataFlow;
  readonly kinds?: readonly string[];
  /** The keys its ack publishes (spec §1.4, §3.13; default none). */
  readonly attesterKeys?: readonly AttesterKey[];
  /** Its answer to a query: frames, a signed answer, or `crash` to end its output mid-query (a provider dying). */
  answer(query: ContextQuery): readonly ContextFrame[] | SignedAnswer | "crash";
}

/** A running scripted provider: the transport a host connects over, and what it was sent. */
interface ScriptedProvider {
  readonly transport: StreamTransport;
  /** Every envelope it received, in order. */
  readonly received: Envelope[];
  /** How many queries reached it. */
  queries(): number;
}

const utf8 = new TextEncoder();

/** Whether an answer is bare frames rather than a signed answer. */
function isFrameList(answer: readonly ContextFrame[] | SignedAnswer): answer is readonly ContextFrame[] {
  return Array.isArray(answer);
}

/** The reply to one envelope, or `end` to close the output (shutdown, a crash). */
function replyTo(script: Script, envelope: Envelope): EnvelopeInit | "end" | undefined {
  switch (envelope.type) {
    case "handshake":
      return {
        type: "handshake_ack",
        protocol_version: script.version ?? PROTOCOL_VERSION,
        provider: { name: script.name, version: "1.0.0", data_flow: script.dataFlow ?? { reads: true } },
        capabilities: { query: { kinds: [...(script.kinds ?? ["doc"])] } },
        ...(script.attesterKeys?.length ? { attester_keys: [...script.attesterKeys] } : {}),
      };
    case "query": {
      const answer = script.answer(envelope.query);
      if (answer === "crash") return "end";
      const signed: SignedAnswer = isFrameList(answer) ? { frames: [...answer] } : answer;
      return {
        type: "frames",
        ...(envelope.id ? { id: envelope.id } : {}),
        result: { ...signed, frames: [...signed.frames], truncated: false },
      };
    }
    case "shutdown":
      return "end";
    default:
      return undefined;
  }
}

/** Starts `script` on an in-memory stream pair (NDJSON, as over stdio). */
export function scriptedProvider(script: Script): ScriptedProvider {
  const toProvider = new TransformStream<Uint8Array, Uint8Array>();
  const toHost = new TransformStream<Uint8Array, Uint8Array>();
  const received: Envelope[] = [];
  void (async () => {
    const writer = toHost.writable.getWriter();
    const reader = toProvider.readable.pipeThrough(new NdjsonDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done || !("envelope" in value)) break;
      received.push(value.envelope);
      const reply = replyTo(script, value.envelope);
      if (reply === "end") break;
      if (reply) await writer.write(utf8.encode(encodeLine(reply)));
    }
    await reader.cancel().catch(() => undefined);
    await writer.close().catch(() => undefined);
  })();
  return {
    transport: streamTransport({ readable: toHost.readable, writable: toProvider.writable }),
    received,
    queries: () => received.filter((envelope) => envelope.type === "query").length,
  };
}

/** The canonical cost of some content, counted here (B3): ceil(UTF-8 bytes / 4). */
export function costOf(content: string): number {
  return Math.ceil(utf8.encode(content).byteLength / 4);
}

/** An honest frame: exact cost, a title and a label (F2, F3, B3). */
export function honestFrame(id: string, content: string, extra: Partial<ContextFrame> = {}): ContextFrame {
  return { id, kind: "doc", title: id, content, score: 0.5, token_cost: costOf(content), citation_label: id, ...extra };
}

/** Content of exactly `tokens` budget tokens (4 ASCII bytes each), starting with `label`. */
export function contentOf(label: string, tokens: number): string {
  return `${label} `.padEnd(tokens * 4, "x");
}
