/**
 * `replayTransport`: a recorded conversation played back as a provider (spec
 * §4.2–§4.4), so a host re-checks an answer someone else received with the
 * same code that checked it live, and with no network at all.
 */
import type { Envelope, EnvelopeInit } from "../../protocol/envelope.ts";
import { correlationId } from "../../wire/envelope-info.ts";
import { HostError } from "../host-error.ts";
import type { RecordedExchange, TranscriptConversation } from "./transcript.ts";
import type { ExchangeTransport } from "../transports/transport.ts";

/** A recorded reply re-addressed to the request now asking: an echoed id follows the new one; a wrong or missing one stays so (H4). */
function readdressed(reply: Envelope, recorded: Envelope, asking: EnvelopeInit): Envelope {
  if (reply.type !== "frames" && reply.type !== "error") return reply;
  const echoed = correlationId(reply);
  if (echoed === undefined || echoed !== correlationId(recorded)) return reply;
  const { id: _recorded, ...rest } = reply;
  const id = correlationId(asking);
  return id === undefined ? rest : { ...rest, id };
}

/**
 * Answers a `handshake` with the recorded ack, and the n-th `query` (or
 * `verify`) with the reply the n-th recorded one got; `shutdown` gets no
 * reply. What the host asks is not compared with what was recorded: the
 * caller replays the recorded requests. Asking for more than was recorded is a
 * `transport` error. Nothing is ever sent anywhere.
 */
export function replayTransport(conversation: TranscriptConversation): ExchangeTransport {
  const byType = new Map<string, RecordedExchange[]>();
  for (const exchange of conversation.exchanges) {
    const list = byType.get(exchange.request.type) ?? [];
    list.push(exchange);
    byType.set(exchange.request.type, list);
  }
  const cursors = new Map<string, number>();
  return {
    kind: "exchange",
    forcesEgress: false,
    async exchange(envelope) {
      if (envelope.type === "shutdown") return undefined;
      if (envelope.type === "handshake") return conversation.ack;
      const seen = cursors.get(envelope.type) ?? 0;
      const recorded = byType.get(envelope.type)?.[seen];
      if (!recorded)
        throw new HostError("transport", `the transcript holds no further ${envelope.type} exchange`, {
          expected: envelope.type,
        });
      cursors.set(envelope.type, seen + 1);
      return recorded.reply && readdressed(recorded.reply, recorded.request, envelope);
    },
    async close() {},
  };
}
