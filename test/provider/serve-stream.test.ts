// serveStream: NDJSON over a WebStreams pair (spec §1.1, §4.3, §4.13).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { decodeLine, type Envelope, serveStream } from "../support/lib.ts";
import { gate } from "../support/gate.ts";
import { pendingAfter, settlesWithin } from "../support/host/turns.ts";
import { echoProvider } from "../support/providers.ts";
import { seededRandom } from "../support/random.ts";

const utf8 = new TextEncoder();
const HANDSHAKE = '{"type":"handshake","protocol_version":"contextgraph/1.0"}\n';
const query = (goal: string, id?: string) =>
  `${JSON.stringify({ type: "query", ...(id ? { id } : {}), query: { goal, max_frames: 2, max_tokens: 100 } })}\n`;

/** One turn of the event loop (a macrotask: every pending promise job runs first). */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Serves `provider` on an in-memory pair, feeding `input`, collecting every reply line. A `slowSink`
 * takes each write a turn of the event loop to finish, so the writer's queue fills (backpressure).
 */
async function serve(
  provider: ReturnType<typeof echoProvider>,
  input: string[],
  slowSink = false,
): Promise<{ replies: Envelope[]; closed: boolean }> {
  let index = 0;
  const readable = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = input[index++];
      if (next === undefined) controller.close();
      else controller.enqueue(utf8.encode(next));
    },
  });
  const text: string[] = [];
  let closed = false;
  const writable = new WritableStream<Uint8Array>(
    {
      async write(chunk) {
        if (slowSink) await turn();
        text.push(new TextDecoder().decode(chunk));
      },
      close() {
        closed = true;
      },
    },
    { highWaterMark: 1 },
  );
  await serveStream(provider, { readable, writable });
  const replies = text.join("").split("\n").filter(Boolean).map(decodeLine);
  return { replies, closed };
}

describe("serveStream", () => {
  test("a session: handshake, a query, a garbage line answered with bad_request, then a query again", async () => {
    const { replies, closed } = await serve(echoProvider(), [HANDSHAKE, query("one"), "not json\n", query("two")]);
    assert.deepEqual(
      replies.map((r) => (r.type === "error" ? `error:${r.code}` : r.type)),
      ["handshake_ack", "frames", "error:bad_request", "frames"],
    );
    assert.ok(closed, "the writable is closed at the end of input");
  });

  test("a line that is not valid UTF-8 gets bad_request (invalid_utf8), like the HTTP binding, and the session goes on", async () => {
    const bad = '{"type":"query","id":"q1","query":{"goal":"\udcff","max_frames":1,"max_tokens":100}}\n';
    const readable = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(utf8.encode(HANDSHAKE));
        const [head, tail] = bad.split("\udcff") as [string, string];
        controller.enqueue(new Uint8Array([...utf8.encode(head), 0xff, 0xfe, ...utf8.encode(tail)]));
        controller.enqueue(utf8.encode(query("after")));
        controller.close();
      },
    });
    const chunks: string[] = [];
    await serveStream(echoProvider(), {
      readable,
      writable: new WritableStream({ write: (chunk) => void chunks.push(new TextDecoder().decode(chunk)) }),
    });
    const replies = chunks.join("").split("\n").filter(Boolean).map(decodeLine);
    assert.deepEqual(
      replies.map((r) => (r.type === "error" ? `error:${r.code}` : r.type)),
      ["handshake_ack", "error:bad_request", "frames"],
    );
    assert.ok(replies[1]?.type === "error" && /invalid_utf8/.test(replies[1].message));
  });

  test("uncorrelated queries are answered in order even when earlier ones are slower", async (t) => {
    // "slow" is held until the test lets it go, after the event loop has had every chance to serve "fast".
    const slowAsked = gate();
    const slowGoes = gate();
    t.after(() => slowGoes.open());
    const provider = echoProvider({
      query: async (q) => {
        if (q.goal === "slow") slowAsked.open(), await slowGoes.opened;
        return [{ id: q.goal, kind: "doc", title: q.goal, content: q.goal, score: 1, citation_label: q.goal }];
      },
    });
    const served = serve(provider, [HANDSHAKE, query("slow"), query("fast")]);
    await settlesWithin(slowAsked.opened);
    await pendingAfter(served);
    slowGoes.open();
    const { replies } = await served;
    assert.deepEqual(
      replies.slice(1).map((r) => r.type === "frames" && r.result.frames[0]?.id),
      ["slow", "fast"],
    );
  });

  test("60 correlated queries in flight at once: every reply carries its own id, written in the order they finish", async (t) => {
    // Every query is held until the test lets it go: all 60 at once (under the 64 in flight), then one by one
    // in a seeded shuffled order, each once the previous reply was written. A failing test lets them all go.
    const ids = Array.from({ length: 60 }, (_, i) => `q${i}`);
    const held = new Map<string, () => void>();
    const allHeld = gate();
    const abandoned = gate();
    t.after(() => abandoned.open());
    const provider = echoProvider({
      query: async (q) => {
        const go = gate();
        held.set(q.goal, () => go.open());
        if (held.size === ids.length) allHeld.open();
        await Promise.race([go.opened, abandoned.opened]);
        return [{ id: `f${q.goal}`, kind: "doc", title: "t", content: q.goal, score: 1, citation_label: "c" }];
      },
    });
    const readable = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(utf8.encode(HANDSHAKE + ids.map((id) => query(id, id)).join("")));
        controller.close();
      },
    });
    const replies: Envelope[] = [];
    let written = () => {};
    const writable = new WritableStream<Uint8Array>({
      write(chunk) {
        replies.push(decodeLine(new TextDecoder().decode(chunk)));
        written();
      },
    });
    const served = serveStream(provider, { readable, writable });
    await settlesWithin(allHeld.opened);
    const random = seededRandom(23);
    const order = [...ids];
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const id of order) {
      const next = new Promise<void>((resolve) => (written = resolve));
      held.get(id)?.();
      await settlesWithin(next);
    }
    await served;
    const frames = replies.filter((r) => r.type === "frames");
    assert.deepEqual(
      frames.map((r) => r.id),
      order,
    );
    for (const reply of frames)
      assert.ok(reply.type === "frames" && reply.result.frames[0]?.id === `f${reply.id}`, reply.id);
  });

  test("shutdown ends the session: later lines are not served, the writable closes, in-flight answers are kept", async () => {
    const { replies, closed } = await serve(echoProvider(), [
      HANDSHAKE,
      query("before", "q1"),
      '{"type":"shutdown"}\n',
      query("after", "q2"),
    ]);
    assert.deepEqual(
      replies.map((r) => r.type),
      ["handshake_ack", "frames"],
    );
    assert.ok(closed);
  });

  test("a verify handler that throws gets internal, and the lines after it are still answered in order", async () => {
    const provider = echoProvider({
      verify: () => {
        throw new Error("backing store down");
      },
    });
    const verify = '{"type":"verify","request":{"frames":[{"provider_id":"echo","frame_id":"x"}]}}\n';
    const { replies } = await serve(provider, [HANDSHAKE, verify, query("after")]);
    assert.deepEqual(
      replies.map((r) => (r.type === "error" ? `error:${r.code}` : r.type)),
      ["handshake_ack", "error:internal", "frames"],
    );
  });

  test("an uncorrelated line is handled before the next is read: a stalled handler leaves the rest of the input unread", async () => {
    let release = () => {};
    const stalled = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = 0;
    const firstStarted = gate();
    const provider = echoProvider({
      capabilities: { query: { kinds: ["doc"] } },
      query: async (q) => {
        started += 1;
        firstStarted.open();
        await stalled;
        return [{ id: q.goal, kind: "doc", title: q.goal, content: q.goal, score: 1, citation_label: q.goal }];
      },
    });
    const lines = [HANDSHAKE, ...Array.from({ length: 100 }, (_, i) => query(`g${i}`))];
    let pulled = 0;
    const readable = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          const next = lines[pulled++];
          if (next === undefined) controller.close();
          else controller.enqueue(utf8.encode(next));
        },
      },
      { highWaterMark: 0 },
    );
    const written: string[] = [];
    const writable = new WritableStream<Uint8Array>({
      write: (chunk) => void written.push(new TextDecoder().decode(chunk)),
    });
    const served = serveStream(provider, { readable, writable });
    let readWhileStalled: number;
    try {
      await settlesWithin(firstStarted.opened);
      await pendingAfter(served); // turns in which a reader running ahead would read on
      readWhileStalled = pulled;
    } finally {
      release();
      await served;
    }
    // The handshake, the stalled query, and what the decoder's queues hold: a few lines, not the 101 sent.
    assert.ok(
      readWhileStalled <= 4,
      `${readWhileStalled} of ${lines.length} lines read while the first query is stalled`,
    );
    assert.equal(started, 100);
    assert.equal(written.join("").split("\n").filter(Boolean).length, 101);
  });

  test("an output that fails (the host went away) ends the session: serveStream resolves and reads no further", async () => {
    const lines = [HANDSHAKE, ...Array.from({ length: 1000 }, (_, i) => query(`g${i}`, `q${i}`))];
    let pulled = 0;
    let held = false;
    const readable = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = lines[pulled++];
        if (next !== undefined) controller.enqueue(utf8.encode(next));
        // Like a host that keeps stdin open: the input never ends on its own.
        else held = true;
      },
    });
    let writes = 0;
    const writable = new WritableStream<Uint8Array>({
      write() {
        writes += 1;
        throw Object.assign(new Error("write EPIPE"), { code: "EPIPE" });
      },
    });
    await serveStream(echoProvider(), { readable, writable });
    assert.equal(writes, 1, "the first failed write ends the session");
    assert.equal(held, false, "the input was not read to its end");
    assert.ok(pulled < 100, `${pulled} of ${lines.length} lines read`);
  });

  test("a slow reader (backpressure) still gets every answer", async () => {
    const ids = Array.from({ length: 20 }, (_, i) => `q${i}`);
    const { replies } = await serve(echoProvider(), [HANDSHAKE, ...ids.map((id) => query(id, id))], true);
    assert.equal(replies.filter((r) => r.type === "frames").length, 20);
  });
});
