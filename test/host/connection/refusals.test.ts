// What the host says when a provider or its caller gets the protocol wrong (spec §4.2, §4.6, §4.12): a
// handshake refused as incompatible_version or answered with another envelope, a local id given twice, and
// WireErrors turned into HostErrors; and which providers a query with kinds goes to (§4.6 step 1).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Host, inPageTransport, WireError, asHostError } from "../../support/lib.ts";
import { counting, distorted, rejectsWith } from "../../support/host/adversaries.ts";
import { echoProvider } from "../../support/providers.ts";

const Q = { goal: "g", max_frames: 2, max_tokens: 100 };

describe("handshake replies", () => {
  test("an incompatible_version error is version_mismatch, saying the provider refused this host's version", async () => {
    const refusing = distorted(echoProvider(), (reply, envelope) =>
      envelope.type === "handshake" ? { type: "error", code: "incompatible_version", message: "no" } : reply,
    );
    const error = await rejectsWith(new Host().add("p", inPageTransport(refusing)), "version_mismatch");
    assert.equal(error.message, "the provider refused contextgraph/1.0");
    assert.deepEqual(error.details, { hostVersion: "contextgraph/1.0", code: "incompatible_version" });
  });

  test("another envelope is unexpected_envelope, naming what was expected and what came", async () => {
    const confused = distorted(echoProvider(), (reply, envelope) =>
      envelope.type === "handshake" ? { type: "verified", response: { verdicts: [] } } : reply,
    );
    const error = await rejectsWith(new Host().add("p", inPageTransport(confused)), "unexpected_envelope");
    assert.equal(error.message, "expected handshake_ack, got verified");
    assert.deepEqual(error.details, { expected: "handshake_ack", got: "verified" });
  });
});

test("a local id given twice is duplicate_id, naming it", async () => {
  const host = new Host();
  await host.add("p", inPageTransport(echoProvider()));
  const error = await rejectsWith(host.add("p", inPageTransport(echoProvider())), "duplicate_id");
  assert.equal(error.message, "a provider is already registered as p");
  assert.deepEqual(error.details, { provider: "p" });
  await host.close();
});

test("a query with kinds goes only to providers serving one of them; without kinds, to all", async () => {
  const code = counting(echoProvider({ capabilities: { query: { kinds: ["code", "doc"] } } }));
  const notes = counting(echoProvider({ capabilities: { query: { kinds: ["note"] } } }));
  const host = new Host();
  await host.add("code", inPageTransport(code.provider));
  await host.add("notes", inPageTransport(notes.provider));
  await host.queryAll({ ...Q, kinds: ["code"] });
  assert.deepEqual([code.calls("query"), notes.calls("query")], [1, 0]);
  await host.queryAll(Q);
  assert.deepEqual([code.calls("query"), notes.calls("query")], [2, 1]);
  await host.close();
});

describe("asHostError (§4.12)", () => {
  const fallback = () => assert.fail("not the fallback");
  test("an envelope that would not encode is invalid_request: nothing was sent", () => {
    const error = asHostError(new WireError("unencodable", "cannot encode envelope: goal: expected string"), fallback);
    assert.equal(error.kind, "invalid_request");
    assert.equal(error.message, "refused to send: cannot encode envelope: goal: expected string");
  });

  test("bytes that would not decode are wire, naming the wire code", () => {
    const error = asHostError(new WireError("invalid_json", "line is not JSON"), fallback);
    assert.equal(error.kind, "wire");
    assert.equal(error.message, "the provider's reply is not an envelope (invalid_json)");
  });
});
