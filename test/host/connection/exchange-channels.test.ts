// How a connection's channel ends requests it cannot complete (spec §4.3, §4.4), message by message: a
// stream that ends, sends an undecodable line or fails to read; an exchange that fails, throws or brings no
// reply; a timed-out id free again; the caller's abort listener gone once a request settles; the exchange
// transport closed with the connection; and settlesWithin, which every bounded close waits through.
import assert from "node:assert/strict";
import { getEventListeners } from "node:events";
import { test } from "node:test";
import { connect, type DecodedItem, resumeConnection, type StreamTransport, settlesWithin } from "../../support/lib.ts";
import { afterAck, decodedAck, rejectsWith, scriptedExchange } from "../../support/host/adversaries.ts";

const Q = { goal: "g", max_frames: 2, max_tokens: 100 };
const EMPTY = { frames: [], truncated: false };
const ACK = decodedAck("peer");

test("a stream provider that closes its output fails the query as provider_crashed, in words", async () => {
  const provider = afterAck((peer) => peer.end());
  const connection = await connect(provider.transport, { closeGraceMs: 50 });
  const error = await rejectsWith(connection.query(Q), "provider_crashed");
  assert.equal(error.message, "the provider closed its output");
  await connection.close();
});

test("an undecodable line from a stream provider is wire, naming the decoder's code", async () => {
  const provider = afterAck((peer) => peer.send("{not json"));
  const connection = await connect(provider.transport, { closeGraceMs: 50 });
  const error = await rejectsWith(connection.query(Q), "wire");
  assert.equal(error.message, "the provider sent an undecodable line (invalid_json)");
  await connection.close();
});

test("a stream whose reading fails fails what waits as transport, in the host's words", async () => {
  const inner = afterAck(() => new Promise(() => {})).transport;
  let reads = 0;
  const incoming: AsyncIterator<DecodedItem> = {
    // The ack comes through; the next read fails, quoting what a broken reader might say.
    next: () => (reads++ === 0 ? inner.incoming.next() : Promise.reject(new Error("socket said secret"))),
  };
  const transport: StreamTransport = { ...inner, incoming };
  const connection = await connect(transport, { closeGraceMs: 50 });
  const error = await rejectsWith(connection.query(Q), "transport");
  assert.equal(error.message, "reading from the provider failed");
  await connection.close();
});

test("a query id that timed out is free again: the next query under it is sent, not duplicate_id", async () => {
  let queries = 0;
  const provider = afterAck(async (peer, query) => {
    if (++queries === 2) await peer.send({ type: "frames", id: query.id, result: EMPTY });
  });
  const connection = await connect(provider.transport, { closeGraceMs: 50 });
  await rejectsWith(connection.query(Q, { id: "again", timeoutMs: 50 }), "timeout");
  assert.equal((await connection.query(Q, { id: "again" })).frames.length, 0);
  assert.equal(queries, 2);
  await connection.close();
});

test("a settled request leaves no listener on the caller's signal", async () => {
  const provider = afterAck((peer, query) => peer.send({ type: "frames", id: query.id, result: EMPTY }));
  const connection = await connect(provider.transport, { closeGraceMs: 50 });
  const caller = new AbortController();
  await connection.query(Q, { signal: caller.signal });
  assert.equal(getEventListeners(caller.signal, "abort").length, 0);
  await connection.close();
});

test("an exchange that rejects or throws with a foreign error is transport, in the host's words", async () => {
  const failure = new TypeError("fetch failed for secret");
  for (const answer of [
    () => Promise.reject(failure),
    () => {
      throw failure;
    },
  ]) {
    const connection = resumeConnection(scriptedExchange(answer).transport, ACK);
    const error = await rejectsWith(connection.query(Q), "transport");
    assert.equal(error.message, "the exchange failed");
    assert.deepEqual(error.details, {});
  }
});

test("an exchange that brings back no reply is unexpected_envelope, got <none>", async () => {
  const connection = resumeConnection(scriptedExchange(async () => undefined).transport, ACK);
  const error = await rejectsWith(connection.query(Q), "unexpected_envelope");
  assert.equal(error.message, "the provider sent no reply");
  assert.deepEqual(error.details, { got: "<none>" });
});

test("closing a connection closes its exchange transport, once", async () => {
  const { transport, closes } = scriptedExchange(async () => undefined);
  const connection = resumeConnection(transport, ACK);
  await connection.close();
  await connection.close();
  assert.equal(closes(), 1);
});

test("settlesWithin: a promise that resolves or rejects in time has settled; one that does not, has not", async () => {
  assert.equal(await settlesWithin(Promise.resolve("done"), 1_000), true);
  assert.equal(await settlesWithin(Promise.reject(new Error("no")), 1_000), true);
  assert.equal(await settlesWithin(new Promise(() => {}), 20), false);
});
