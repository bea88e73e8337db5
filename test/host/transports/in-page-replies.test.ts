// An in-page provider (spec §4.4): its session starts before the handshake, a reply crosses the same codec
// as a stream's (one that would not encode is wire, naming the code), and no reply is no reply.
import assert from "node:assert/strict";
import { test } from "node:test";
import { type EnvelopeInit, inPageTransport } from "../../support/lib.ts";
import { rejectsWith } from "../../support/host/adversaries.ts";
import { echoProvider } from "../../support/providers.ts";

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

test("an in-page provider's session starts before the handshake: a query first is answered handshake first", async () => {
  const transport = inPageTransport(echoProvider());
  const reply = await transport.exchange(
    { type: "query", id: "q1", query: { goal: "g", max_frames: 1, max_tokens: 10 } },
    new AbortController().signal,
  );
  assert.deepEqual(reply, { type: "error", id: "q1", code: "bad_request", message: "handshake first" });
});

test("an in-page provider that answers nothing (a shutdown) gives no reply, not an error", async () => {
  const transport = inPageTransport({ handle: async () => undefined });
  assert.equal(await transport.exchange({ type: "shutdown" }, new AbortController().signal), undefined);
});
