// What a connection makes of replies it cannot use and of how it ends (spec §4.2–§4.4, H1, H3, H4): every
// message and detail written out; the close grace a failed handshake ends within, by default and when set;
// a cached ack resumed against the host's own version; a version off the grammar recorded, not fatal.
import assert from "node:assert/strict";
import { test } from "node:test";
import { connect, HostError, resumeConnection, type StreamTransport } from "../../support/lib.ts";
import {
  ackFor,
  afterAck,
  decodedAck,
  rejectsWith,
  scriptedExchange,
  scriptedStream,
} from "../../support/host/adversaries.ts";
import { pendingAfter, settlesWithin } from "../../support/host/turns.ts";
import { gate } from "../../support/gate.ts";

const Q = { goal: "g", max_frames: 2, max_tokens: 100 };
const ACK = decodedAck("peer");
const EMPTY = { frames: [], truncated: false };

/** An exchange provider answering every query with an empty result under `echo(id)`, recording what it was sent. */
function emptyFrames(echo = (id: unknown) => (typeof id === "string" ? id : undefined)) {
  return scriptedExchange((envelope) =>
    envelope.type === "query" ? { type: "frames", id: echo(envelope.id), result: EMPTY } : undefined,
  );
}

test("a reply over an exchange transport echoing another id is correlation_mismatch naming both ids (H4)", async () => {
  const connection = resumeConnection(emptyFrames(() => "someone-else").transport, ACK);
  const error = await rejectsWith(connection.query(Q, { id: "q-7" }), "correlation_mismatch");
  assert.equal(error.message, "provider peer echoed someone-else for q-7");
  assert.deepEqual(error.details, { provider: "peer", expected: "q-7", got: "someone-else" });
  await connection.close();
});

test("a query answered by a verified is unexpected_envelope, naming what was expected and what came", async () => {
  const provider = afterAck((peer) => peer.send({ type: "verified", response: { verdicts: [] } }), ackFor("peer", {}));
  const connection = await connect(provider.transport, { closeGraceMs: 50 });
  const error = await rejectsWith(connection.query(Q), "unexpected_envelope");
  assert.equal(error.message, "expected frames, got verified");
  assert.deepEqual(error.details, { provider: "peer", expected: "frames", got: "verified" });
  await connection.close();
});

test("a request after close is closed, naming the provider", async () => {
  const provider = afterAck((peer, query) => peer.send({ type: "frames", id: query.id, result: EMPTY }));
  const connection = await connect(provider.transport, { closeGraceMs: 50 });
  await connection.close();
  const error = await rejectsWith(connection.query(Q), "closed");
  assert.deepEqual(error.details, { provider: "peer" });
});

test("a handshake refused with another code than incompatible_version is that provider error (§1.12)", async () => {
  const refusing = scriptedStream(async (peer) => {
    await peer.next();
    await peer.send({ type: "error", code: "unavailable", message: "warming up" });
  });
  const error = await rejectsWith(connect(refusing.transport, { closeGraceMs: 50 }), "provider");
  assert.equal(error.message, "provider <handshake> answered unavailable: warming up");
  assert.deepEqual(error.details, { provider: "<handshake>", code: "unavailable" });
  assert.equal(error.retryable, true);
});

test("an ack in the host's family whose version breaks the grammar is accepted, and recorded as H1", async () => {
  const provider = afterAck((peer, query) => peer.send({ type: "frames", id: query.id, result: EMPTY }), {
    ...ACK,
    protocol_version: "contextgraph/1.x",
  });
  const connection = await connect(provider.transport, { closeGraceMs: 50 });
  assert.deepEqual(
    connection.violations.map((v) => v.anchor),
    ["H1"],
  );
  assert.equal(connection.protocolVersion, "contextgraph/1.x");
  await connection.close();
});

/**
 * A provider that refuses the handshake (another major family), over a transport whose polite close waits
 * until the test calls `finishClose`; `closing` settles once the close has begun. Counts the closes that
 * finished and the aborts (terminations) the failed handshake ends with.
 */
function slowToClose() {
  const inner = scriptedStream(async (peer) => {
    await peer.next();
    await peer.send({ type: "error", code: "incompatible_version", message: "no" });
  }).transport;
  const counts = { closes: 0, aborts: 0 };
  const begun = gate();
  const finished = gate();
  const transport: StreamTransport = {
    kind: "stream",
    incoming: inner.incoming,
    send: (envelope) => inner.send(envelope),
    close: async () => {
      begun.open();
      await finished.opened;
      counts.closes++;
      await inner.close();
    },
    abort: async () => {
      counts.aborts++;
      await inner.abort?.();
    },
  };
  return { transport, counts, closing: begun.opened, finishClose: () => finished.open() };
}

// The grace is a timer: node:test's mock timers hold it, so the test decides when it runs out.
test("a failed handshake ends the transport politely within the default 2 s grace: no termination", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { transport, counts, closing, finishClose } = slowToClose();
  const refused = rejectsWith(connect(transport), "version_mismatch");
  await closing;
  t.mock.timers.tick(1_999);
  await pendingAfter(refused);
  assert.deepEqual(counts, { closes: 0, aborts: 0 }, "1 ms short of the grace, nothing is terminated");
  finishClose();
  await refused;
  assert.deepEqual(counts, { closes: 1, aborts: 0 });
});

test("a failed handshake terminates a transport still closing after closeGraceMs", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { transport, counts, closing, finishClose } = slowToClose();
  const refused = rejectsWith(connect(transport, { closeGraceMs: 30 }), "version_mismatch");
  await closing;
  t.mock.timers.tick(29);
  await pendingAfter(refused);
  assert.equal(counts.aborts, 0, "not before the grace is over");
  t.mock.timers.tick(1);
  await settlesWithin(refused);
  await refused;
  assert.deepEqual(counts, { closes: 0, aborts: 1 });
  finishClose();
});

test("a resumed ack is held to the host's own version: the default family, or the one given (H3)", async () => {
  const v1 = emptyFrames();
  const resumed = resumeConnection(v1.transport, ACK);
  assert.equal((await resumed.query(Q)).frames.length, 0);
  assert.deepEqual(v1.sent, ["query"]);
  const v2 = emptyFrames();
  assert.throws(
    () => resumeConnection(v2.transport, ACK, { hostVersion: "contextgraph/2.0" }),
    (error: unknown) =>
      error instanceof HostError &&
      error.kind === "version_mismatch" &&
      error.message === "provider peer speaks contextgraph/1.0, this host contextgraph/2.0",
  );
  const ackV2 = { ...ACK, protocol_version: "contextgraph/2.3" };
  assert.equal(
    resumeConnection(v2.transport, ackV2, { hostVersion: "contextgraph/2.0" }).protocolVersion,
    "contextgraph/2.3",
  );
  assert.deepEqual(v2.sent, []);
});
