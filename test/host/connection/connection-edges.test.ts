// A connection's edges (spec §4.2, §4.3, H4): a failed handshake ends the stream within the configured close
// grace, an unsigned provider has no keys, a duplicate in-flight id says which id and which provider.
import assert from "node:assert/strict";
import { test } from "node:test";
import { connect, inPageTransport, type StreamTransport } from "../../support/lib.ts";
import { ackFor, rejectsWith, scriptedStream } from "../../support/host/adversaries.ts";
import { passTurns, pendingAfter, settlesWithin } from "../../support/host/turns.ts";
import { echoProvider } from "../../support/providers.ts";

const Q = { goal: "g", max_frames: 2, max_tokens: 100 };

test("a handshake that times out ends the stream within closeGraceMs, not the default 2 s", async (t) => {
  // The provider reads the handshake and then neither answers nor reads, and its transport's polite close
  // never finishes: only the grace ends the wait, with a termination. Mock timers hold every timer, so the
  // test moves the clock: 100 ms of handshake, then 100 ms of grace.
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const silent = scriptedStream(async (peer) => {
    await peer.next();
    await new Promise(() => {});
  }).transport;
  let aborts = 0;
  const transport: StreamTransport = {
    ...silent,
    close: () => new Promise(() => {}),
    abort: async () => void aborts++,
  };
  const refused = rejectsWith(connect(transport, { handshakeTimeoutMs: 100, closeGraceMs: 100 }), "handshake_timeout");
  await passTurns();
  t.mock.timers.tick(100);
  await pendingAfter(refused); // timed out; the close waits on the grace
  t.mock.timers.tick(99);
  await pendingAfter(refused);
  assert.equal(aborts, 0);
  t.mock.timers.tick(1);
  await settlesWithin(refused);
  await refused;
  assert.equal(aborts, 1, "the transport was terminated");
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
