// An in-page provider's reply crosses the same codec as a stream's (spec §4.4): a reply that would not
// encode is wire, naming the codec's code, and never reaches the host as an object.
import assert from "node:assert/strict";
import { test } from "node:test";
import { type EnvelopeInit, inPageTransport } from "../support/lib.ts";
import { rejectsWith } from "../support/host/adversaries.ts";

test("an in-page reply that does not encode is wire, naming the codec's code", async () => {
  const transport = inPageTransport({
    handle: async () =>
      ({ type: "frames", result: { frames: "not a list", truncated: false } }) as unknown as EnvelopeInit,
  });
  const error = await rejectsWith(
    transport.exchange({ type: "handshake", protocol_version: "contextgraph/1.0" }, new AbortController().signal),
    "wire",
  );
  assert.equal(error.message, "the provider's reply is not an envelope (unencodable)");
});
