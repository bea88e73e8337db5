// messagePortStreams (spec §1.1, §4.4): NDJSON bytes over a MessagePort, as the playground's in-page provider
// in a Web Worker is reached. Node's MessageChannel stands in for the browser's (same structured clone and
// transfer); the browser itself is exercised by test/e2e/playground-offline.test.ts.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { connect, HostError, messagePortStreams, serveStream, streamTransport } from "../../support/lib.ts";
import { MessageChannel } from "node:worker_threads";
import { portPair } from "../../support/host/ports.ts";
import { echoProvider } from "../../support/providers.ts";

const utf8 = new TextEncoder();

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return chunks;
}

describe("messagePortStreams", () => {
  test("each chunk written on one side arrives whole and in order on the other, then the stream ends on close", async () => {
    const { near, far, close } = portPair();
    const writer = near.writable.getWriter();
    const sent = ['{"type":"hand', 'shake","protocol_version":"contextgraph/1.0"}\n', "café 🦀\n"];
    for (const text of sent) await writer.write(utf8.encode(text));
    await writer.close();
    const received = await readAll(far.readable);
    assert.deepEqual(
      received.map((chunk) => new TextDecoder().decode(chunk)),
      sent,
    );
    close();
  });

  test("the writer's buffer is not the one sent: changing it after the write changes nothing received", async () => {
    const { near, far, close } = portPair();
    const writer = near.writable.getWriter();
    const chunk = utf8.encode("abc\n");
    await writer.write(chunk);
    chunk[0] = 0x7a;
    await writer.close();
    assert.equal(new TextDecoder().decode((await readAll(far.readable))[0]), "abc\n");
    assert.equal(chunk[0], 0x7a, "the writer keeps its own buffer");
    close();
  });

  test("end() closes the readable side locally and fails later writes, as when the peer's Worker died", async () => {
    const { far, close } = portPair();
    far.end();
    assert.deepEqual(await readAll(far.readable), []);
    await assert.rejects(far.writable.getWriter().write(utf8.encode("late\n")));
    close();
  });

  test("messages that are not bytes are ignored", async () => {
    const { port1, port2 } = new MessageChannel();
    const far = messagePortStreams(port2 as never);
    port1.postMessage({ type: "frames" });
    port1.postMessage("text");
    port1.postMessage(utf8.encode("ok\n"));
    port1.postMessage(null);
    assert.deepEqual(
      (await readAll(far.readable)).map((c) => new TextDecoder().decode(c)),
      ["ok\n"],
    );
    port1.close();
  });

  test("more bytes than maxQueuedBytes waiting unread error the readable side instead of growing without bound", async () => {
    const { port1, port2 } = new MessageChannel();
    const far = messagePortStreams(port2 as never, { maxQueuedBytes: 1024 });
    let arrived = 0;
    const all = new Promise<void>((resolve) =>
      port2.addEventListener("message", () => {
        if (++arrived === 5) resolve();
      }),
    );
    for (let i = 0; i < 5; i++) port1.postMessage(new Uint8Array(300));
    await all;
    await assert.rejects(readAll(far.readable), (error: unknown) => error instanceof RangeError);
    port1.close();
  });

  test("a host and a provider talk CGP across the port: 20 concurrent correlated queries, each answered", async () => {
    const { near, far, close } = portPair();
    const served = serveStream(echoProvider(), far);
    const connection = await connect(streamTransport(near));
    const goals = Array.from({ length: 20 }, (_, i) => `goal ${i} 🦀`);
    const results = await Promise.all(goals.map((goal) => connection.query({ goal, max_frames: 2, max_tokens: 100 })));
    assert.deepEqual(
      results.map((r) => r.frames[0]?.id),
      goals.map((goal) => `echo:${goal}`),
    );
    await connection.close();
    await served;
    close();
  });

  test("a provider whose port ends mid-query fails that query and the next as provider_crashed, not a hang", async () => {
    const { near, far, close } = portPair();
    const reader = far.readable.getReader();
    const writer = far.writable.getWriter();
    const connecting = connect(streamTransport(near));
    await reader.read();
    await writer.write(
      utf8.encode(
        '{"type":"handshake_ack","protocol_version":"contextgraph/1.0","provider":{"name":"p","version":"1","data_flow":{"reads":true}},"capabilities":{"query":{"kinds":["doc"]}}}\n',
      ),
    );
    const connection = await connecting;
    const query = connection.query({ goal: "g", max_frames: 1, max_tokens: 10 });
    near.end();
    const crashed = (error: unknown) => error instanceof HostError && error.kind === "provider_crashed";
    await assert.rejects(query, crashed);
    const started = performance.now();
    await assert.rejects(connection.query({ goal: "again", max_frames: 1, max_tokens: 10 }), crashed);
    assert.ok(performance.now() - started < 5_000, "the next query fails at once, long before its 30 s timeout");
    close();
  });
});
