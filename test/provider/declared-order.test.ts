// What a provider's declarations change on the stream binding and in draining (spec §4.4, H4): a provider
// that does not declare correlation answers queries in order even when they carry ids; a body whose
// declared length is within the drain bound is drained, not cancelled, up to and including the bound.
import assert from "node:assert/strict";
import { test } from "node:test";
import { countingBody } from "../support/bodies.ts";
import { gate } from "../support/gate.ts";
import { pendingAfter, settlesWithin } from "../support/host/turns.ts";
import { type Envelope, decodeLine, serveStream, discardBody } from "../support/lib.ts";
import { candidate, echoProvider } from "../support/providers.ts";

const utf8 = new TextEncoder();
const query = (goal: string, id: string) =>
  `${JSON.stringify({ type: "query", id, query: { goal, max_frames: 2, max_tokens: 100 } })}\n`;

test("a provider without correlation answers queries with ids in order, the slow one first", async (t) => {
  // "slow" is held until the test lets it go, after the event loop has had every chance to serve "fast".
  const slowAsked = gate();
  const slowGoes = gate();
  t.after(() => slowGoes.open());
  const provider = echoProvider({
    capabilities: { query: { kinds: ["doc"] }, correlation: false },
    query: async (q) => {
      if (q.goal === "slow") slowAsked.open(), await slowGoes.opened;
      return [candidate(q.goal, q.goal, { score: 1 })];
    },
  });
  const input = [
    '{"type":"handshake","protocol_version":"contextgraph/1.0"}\n',
    query("slow", "a"),
    query("fast", "b"),
  ];
  const readable = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const line of input) controller.enqueue(utf8.encode(line));
      controller.close();
    },
  });
  let text = "";
  const writable = new WritableStream<Uint8Array>({ write: (chunk) => void (text += new TextDecoder().decode(chunk)) });
  const served = serveStream(provider, { readable, writable });
  await settlesWithin(slowAsked.opened);
  await pendingAfter(served);
  slowGoes.open();
  await served;
  const replies: Envelope[] = text.trim().split("\n").map(decodeLine);
  assert.deepEqual(
    replies.map((reply) => (reply.type === "frames" ? reply.id : reply.type)),
    ["handshake_ack", "a", "b"],
  );
});

test("a body declared at or under the drain bound is drained to its end, not cancelled", async () => {
  for (const length of [40, 64]) {
    const { stream, seen } = countingBody(length, 8);
    const request = new Request("http://127.0.0.1/", {
      method: "POST",
      body: stream,
      headers: { "content-length": String(length) },
      duplex: "half",
    } as RequestInit);
    await discardBody(request, 64);
    assert.deepEqual(seen, { pulled: length, cancelled: false }, String(length));
  }
});
