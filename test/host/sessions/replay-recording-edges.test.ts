// replayTransport and recordingTransport one rule at a time (spec §4.2–§4.4, H4), over transcripts written
// out line by line: a recorded echo follows the id asked now, a wrong or missing one stays as it was, a
// lock-step ask gets no id; replies come in recorded order, a shutdown gets none, a request never recorded
// is refused in words; the recorder sees each direction and nothing at the end, and closes what it wraps.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  connect,
  decodeLine,
  type EnvelopeInit,
  type ExchangeTransport,
  HostError,
  type RecordedEnvelope,
  readTranscript,
  recordingTransport,
  replayTransport,
} from "../../support/lib.ts";
import { ackFor, rejectsWith, scriptedExchange, scriptedStream } from "../../support/host/adversaries.ts";

const HANDSHAKE = '{"type":"handshake","protocol_version":"contextgraph/1.0"}';
const ACK =
  '{"type":"handshake_ack","protocol_version":"contextgraph/1.0","provider":{"name":"p","version":"1","data_flow":{"reads":true,"egress":false}},"capabilities":{"query":{"kinds":["doc"]},"correlation":true}}';
const query = (id: string) => `{"type":"query","id":"${id}","query":{"goal":"g","max_frames":1,"max_tokens":1}}`;
/** A frames reply under `id` (none when undefined) whose `truncated` tells which recorded reply it is. */
const frames = (id: string | undefined, truncated: boolean) =>
  `{"type":"frames",${id === undefined ? "" : `"id":"${id}",`}"result":{"frames":[],"truncated":${truncated}}}`;
const QUERY = (id?: string): EnvelopeInit => ({
  type: "query",
  ...(id === undefined ? {} : { id }),
  query: { goal: "g", max_frames: 1, max_tokens: 1 },
});
const signal = () => new AbortController().signal;

function replaying(...lines: string[]): ExchangeTransport {
  const [conversation] = readTranscript([HANDSHAKE, ACK, ...lines].join("\n")).conversations;
  assert.ok(conversation);
  return replayTransport(conversation);
}

describe("replayTransport", () => {
  test("a recorded echo follows the id asked now; a lock-step ask gets the reply without an id", async () => {
    const asked = await replaying(query("q-1"), frames("q-1", false)).exchange(QUERY("now-5"), signal());
    assert.deepStrictEqual(asked, { type: "frames", id: "now-5", result: { frames: [], truncated: false } });
    const lockStep = await replaying(query("q-1"), frames("q-1", false)).exchange(QUERY(), signal());
    assert.deepStrictEqual(lockStep, { type: "frames", result: { frames: [], truncated: false } });
  });

  test("a recorded wrong or missing echo stays as it was, so replay fails correlation as the live run did (H4)", async () => {
    // readTranscript pairs replies by their echo, so a conversation holding these is put together by hand.
    const [handshake, ack, request] = [HANDSHAKE, ACK, query("q-1")].map((line) => decodeLine(line));
    const replayOf = (reply: string) =>
      replayTransport({ handshake: handshake!, ack, exchanges: [{ request: request!, reply: decodeLine(reply) }] });
    const wrong = await replayOf(frames("q-other", false)).exchange(QUERY("now-5"), signal());
    assert.equal(wrong?.type === "frames" ? wrong.id : "not frames", "q-other");
    const missing = await replayOf(frames(undefined, false)).exchange(QUERY("now-5"), signal());
    assert.ok(missing?.type === "frames" && !("id" in missing));
  });

  test("replies come back in the order they were recorded", async () => {
    const transport = replaying(query("a"), frames("a", false), query("b"), frames("b", true));
    const truncated = async () => {
      const reply = await transport.exchange(QUERY("x"), signal());
      return reply?.type === "frames" ? reply.result.truncated : "not frames";
    };
    assert.deepEqual([await truncated(), await truncated()], [false, true]);
  });

  test("a shutdown gets no reply, recorded or not", async () => {
    assert.equal(await replaying().exchange({ type: "shutdown" }, signal()), undefined);
  });

  test("a request of a type never recorded is refused in words, naming the type", async () => {
    const error = await rejectsWith(
      replaying(query("a"), frames("a", false)).exchange({ type: "verify", request: { frames: [] } }, signal()),
      "transport",
    );
    assert.equal(error.message, "the transcript holds no further verify exchange");
    assert.deepEqual(error.details, { expected: "verify" });
  });

  test("a replay is an exchange transport that takes the recorded ack as declared (no forced egress)", async () => {
    const transport = replaying();
    assert.equal(transport.kind, "exchange");
    const connection = await connect(transport);
    assert.equal(connection.provider.data_flow.egress, false);
    await connection.close();
  });
});

describe("recordingTransport", () => {
  test("over a stream: each direction recorded, nothing for the end, and closing closes the stream", async () => {
    let closed = 0;
    const provider = scriptedStream(async (peer) => {
      await peer.next();
      await peer.send(ackFor("p"));
      await peer.end();
      while (await peer.next()); // still reading: the goodbye is written, then the stream closed politely
    });
    const inner = provider.transport;
    const log: RecordedEnvelope[] = [];
    const recorded = recordingTransport({ ...inner, close: () => (closed++, inner.close()) }, (e) => log.push(e));
    const connection = await connect(recorded, { closeGraceMs: 50 });
    await rejectsWith(connection.query({ goal: "g", max_frames: 1, max_tokens: 1 }), "provider_crashed");
    await connection.close();
    assert.deepEqual(
      log.map((entry) => `${entry.direction}:${"envelope" in entry ? entry.envelope.type : "error"}`),
      ["sent:handshake", "received:handshake_ack", "sent:query", "sent:shutdown"],
    );
    assert.equal(closed, 1);
  });

  test("over an exchange: an exchange transport that closes what it wraps", async () => {
    const inner = scriptedExchange(() => undefined, true);
    const recorded = recordingTransport(inner.transport, () => {});
    assert.equal(recorded.kind, "exchange");
    assert.equal(recorded.forcesEgress, true);
    await recorded.close();
    assert.equal(inner.closes(), 1);
  });

  test("a recorder that throws does not disturb the exchange", async () => {
    const recorded = recordingTransport(replaying(query("a"), frames("a", true)), () => {
      throw new HostError("transport", "the recorder broke");
    });
    const reply = await recorded.exchange(QUERY("a"), signal());
    assert.equal(reply?.type, "frames");
  });
});
