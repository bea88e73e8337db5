// Two corners of replaying and recording (spec §4.3, H4): a reply recorded without an id, to a request that
// had none, stays without one even when the host now asks with an id (so correlation fails as it would live);
// and a line the provider sent that did not decode is recorded as received, with its error.
import assert from "node:assert/strict";
import { test } from "node:test";
import { connect, decodeLine, type RecordedEnvelope, recordingTransport, replayTransport } from "../../support/lib.ts";
import { ackFor, afterAck, rejectsWith } from "../../support/host/adversaries.ts";

test("a lock-step reply replayed to a query with an id keeps having no id", async () => {
  const replay = replayTransport({
    handshake: decodeLine('{"type":"handshake","protocol_version":"contextgraph/1.0"}'),
    ack: undefined,
    exchanges: [
      {
        request: decodeLine('{"type":"query","query":{"goal":"g","max_frames":1,"max_tokens":1}}'),
        reply: decodeLine('{"type":"frames","result":{"frames":[],"truncated":false}}'),
      },
    ],
  });
  const reply = await replay.exchange(
    { type: "query", id: "asked-3", query: { goal: "g", max_frames: 1, max_tokens: 1 } },
    new AbortController().signal,
  );
  assert.ok(reply?.type === "frames" && !("id" in reply), JSON.stringify(reply));
});

test("an undecodable line from a stream provider is recorded as received, with the decoder's error", async () => {
  const provider = afterAck((peer) => peer.send("{garbled"), ackFor("p"));
  const log: RecordedEnvelope[] = [];
  const connection = await connect(
    recordingTransport(provider.transport, (e) => log.push(e)),
    { closeGraceMs: 50 },
  );
  await rejectsWith(connection.query({ goal: "g", max_frames: 1, max_tokens: 1 }), "wire");
  await connection.close();
  const received = log.filter((entry) => "error" in entry);
  assert.equal(received.length, 1);
  assert.equal(received[0]?.direction, "received");
  assert.equal("error" in received[0]! ? received[0].error.code : "", "invalid_json");
});
