// HostError (src/host/host-error.ts): what was thrown underneath is kept as `cause` for a developer, and
// never reaches the message, the error's JSON or a leg's report; a decoding error, which quotes the
// provider's bytes, is never kept (C8).
import assert from "node:assert/strict";
import { test } from "node:test";
import { connect, Host, HostError, httpTransport, streamTransport } from "../support/lib.ts";
import { ackFor } from "../support/host/adversaries.ts";

const URL_ = "http://127.0.0.1:9/contextgraph";
const Q = { goal: "g", max_frames: 2, max_tokens: 100 };

test("a fetch that throws is transport, keeping the TypeError as cause, out of the message and the JSON", async () => {
  const thrown = new TypeError("fetch failed: connect ECONNREFUSED 127.0.0.1:9");
  const failing = (async () => {
    throw thrown;
  }) as typeof fetch;
  const error = await connect(httpTransport(URL_, { fetch: failing })).then(
    () => assert.fail("the handshake should fail"),
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof HostError);
  assert.equal(error.kind, "transport");
  assert.equal(error.cause, thrown);
  assert.doesNotMatch(error.message, /ECONNREFUSED/);
  assert.doesNotMatch(JSON.stringify(error), /ECONNREFUSED/);
});

test("a leg that fails with a thrown error reports transport with the cause kept, and no word of it in the report", async () => {
  let calls = 0;
  const thrown = new RangeError("a bug in a custom fetch");
  const flaky = (async () => {
    calls += 1;
    if (calls === 1) return new Response(JSON.stringify(ackFor("web")), { status: 200 });
    throw thrown;
  }) as typeof fetch;
  const host = new Host();
  const connection = await host.add("web", httpTransport(URL_, { fetch: flaky }));
  host.consent.grant("web", connection.provider.data_flow, "test");
  const [leg] = await host.queryAll(Q);
  assert.ok(leg?.outcome === "failed", JSON.stringify(leg));
  assert.equal(leg.error.kind, "transport");
  assert.equal(leg.error.cause, thrown);
  assert.doesNotMatch(JSON.stringify(leg), /custom fetch/);
});

test("a stream that fails while read is transport with the stream's error as cause", async () => {
  const broken = new Error("EIO: the pipe broke");
  let reads = 0;
  const readable = new ReadableStream<Uint8Array>({
    pull(controller) {
      reads += 1;
      if (reads === 1) controller.enqueue(new TextEncoder().encode(`${JSON.stringify(ackFor("s"))}\n`));
      else controller.error(broken);
    },
  });
  const writable = new WritableStream<Uint8Array>();
  const connection = await connect(streamTransport({ readable, writable }));
  const error = await connection.query(Q).then(
    () => assert.fail("the query should fail"),
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof HostError);
  assert.equal(error.kind, "transport");
  assert.equal(error.cause, broken);
  assert.doesNotMatch(error.message, /EIO/);
});

test("a reply that does not decode keeps no cause: the decoder's message quotes the provider's bytes", async () => {
  const reflecting = (async () => new Response("Bearer not-json-at-all", { status: 200 })) as typeof fetch;
  const error = await connect(httpTransport(URL_, { fetch: reflecting })).then(
    () => assert.fail("the handshake should fail"),
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof HostError);
  assert.equal(error.kind, "wire");
  assert.equal(error.cause, undefined);
});
