// What a host does with envelopes a provider should not send (spec §4.3, §1.12): a `query` from the provider,
// though it carries the id a query of ours is waiting under, answers nothing; the real reply still does. An
// error without a code reads as internal, with no raw code to report.
import assert from "node:assert/strict";
import { test } from "node:test";
import { connect } from "../../support/lib.ts";
import { afterAck, rejectsWith } from "../../support/host/adversaries.ts";

const Q = { goal: "g", max_frames: 2, max_tokens: 100 };

test("a query sent by the provider under a pending id is not taken for the reply to it", async () => {
  const provider = afterAck(async (peer, query) => {
    await peer.send({ type: "query", id: query.id, query: Q });
    await peer.send({ type: "frames", id: query.id, result: { frames: [], truncated: true } });
  });
  const connection = await connect(provider.transport, { closeGraceMs: 50 });
  const result = await connection.query(Q, { id: "mine" });
  assert.equal(result.truncated, true);
  await connection.close();
});

test("an error reply without a code is a provider error reading internal, with no raw code", async () => {
  const provider = afterAck((peer, query) => peer.send(`{"type":"error","id":"${query.id}","message":"no code"}`));
  const connection = await connect(provider.transport, { closeGraceMs: 50 });
  const error = await rejectsWith(connection.query(Q, { id: "q" }), "provider");
  assert.deepStrictEqual(error.details, { provider: "peer", code: "internal" });
  assert.equal(error.message, "provider peer answered internal: no code");
  await connection.close();
});
