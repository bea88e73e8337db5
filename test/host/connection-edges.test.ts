// A connection's edges (spec §4.2, §4.3, H4): a failed handshake ends the stream within the configured close
// grace, an unsigned provider has no keys, a duplicate in-flight id says which id and which provider.
import assert from "node:assert/strict";
import { test } from "node:test";
import { connect, inPageTransport } from "../support/lib.ts";
import { ackFor, rejectsWith, scriptedStream } from "../support/host/adversaries.ts";
import { echoProvider } from "../support/providers.ts";

const Q = { goal: "g", max_frames: 2, max_tokens: 100 };

test("a handshake that times out ends the stream within closeGraceMs, not the default 2 s", async () => {
  // The provider reads the handshake and then neither answers nor reads: only the grace ends the wait.
  const silent = scriptedStream(async (peer) => {
    await peer.next();
    await new Promise(() => {});
  });
  const started = performance.now();
  await rejectsWith(connect(silent.transport, { handshakeTimeoutMs: 100, closeGraceMs: 100 }), "handshake_timeout");
  const elapsed = performance.now() - started;
  // 100 ms + 100 ms of configured waits; the default grace alone would be 2,000 ms. 1,500 ms leaves a loaded
  // machine seven times the expected time.
  assert.ok(elapsed < 1_500, `${Math.round(elapsed)} ms`);
});

test("an unsigned provider's connection has no attester keys", async () => {
  const connection = await connect(inPageTransport(echoProvider()));
  assert.deepEqual(connection.attesterKeys, []);
  await connection.close();
});

test("a second query under an in-flight id names the id and the provider (H4)", async () => {
  const slow = scriptedStream(async (peer) => {
    await peer.next();
    await peer.send(ackFor("slow"));
    await new Promise(() => {});
  });
  const connection = await connect(slow.transport, { closeGraceMs: 50 });
  const first = connection.query(Q, { id: "dup", timeoutMs: 200 }).catch(() => undefined);
  const error = await rejectsWith(connection.query(Q, { id: "dup" }), "duplicate_id");
  assert.equal(error.message, "a request with id dup is already in flight");
  assert.deepEqual(error.details, { provider: "slow" });
  await first;
  await connection.close();
});
