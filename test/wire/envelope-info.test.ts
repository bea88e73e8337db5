// Reading an envelope's correlation id (spec §4.1, H4): only query, frames and error carry one.
import assert from "node:assert/strict";
import { test } from "node:test";
import { correlationId, type EnvelopeInit } from "../support/lib.ts";

test("correlationId ignores an id on any other envelope type, even one a caller put there", () => {
  for (const envelope of [
    { type: "handshake", protocol_version: "contextgraph/1.0", id: "q1" },
    { type: "verify", request: { frames: [] }, id: "q2" },
    { type: "shutdown", id: "q3" },
  ])
    assert.equal(correlationId(envelope as EnvelopeInit), undefined, envelope.type);
});
