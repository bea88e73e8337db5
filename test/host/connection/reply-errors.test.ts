// What a connection says about a reply it cannot use (spec §4.3, §1.12): an error envelope, no answer within
// the timeout, and a request after close; and the Credential's exact placeholder wherever it is rendered.
// Messages and details are written out.
import assert from "node:assert/strict";
import { test } from "node:test";
import { inspect } from "node:util";
import { connect, Credential, inPageTransport } from "../../support/lib.ts";
import { afterAck, rejectsWith } from "../../support/host/adversaries.ts";
import { echoProvider } from "../../support/providers.ts";

const Q = { goal: "g", max_frames: 2, max_tokens: 100 };

test("an error envelope is a provider HostError naming the provider, the code and the message", async () => {
  const busy = afterAck((peer, query) =>
    peer.send({ type: "error", id: query.id, code: "unavailable", message: "busy" }),
  );
  const connection = await connect(busy.transport, { closeGraceMs: 50 });
  const error = await rejectsWith(connection.query(Q), "provider");
  assert.equal(error.message, "provider peer answered unavailable: busy");
  assert.deepEqual(error.details, { provider: "peer", code: "unavailable" });
  await connection.close();
});

test("no answer within the timeout is timeout, naming the provider and the milliseconds", async () => {
  const mute = afterAck(async () => {});
  const connection = await connect(mute.transport, { closeGraceMs: 50 });
  const error = await rejectsWith(connection.query(Q, { timeoutMs: 60 }), "timeout");
  assert.equal(error.message, "provider peer did not answer within 60 ms");
  assert.deepEqual(error.details, { provider: "peer", timeoutMs: 60 });
  await connection.close();
});

test("a request after close is closed", async () => {
  const connection = await connect(inPageTransport(echoProvider()));
  await connection.close();
  const error = await rejectsWith(connection.query(Q), "closed");
  assert.equal(error.message, "the connection is closed");
});

test("a Credential renders as exactly its placeholder in JSON and in inspect", () => {
  const credential = new Credential("tok-123");
  assert.equal(JSON.stringify(credential), '"Credential(<redacted>)"');
  assert.equal(inspect(credential), "Credential(<redacted>)");
});
