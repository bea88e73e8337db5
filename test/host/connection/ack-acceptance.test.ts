// How an ack is accepted and errors are worded (spec §4.2, C4, H3, §1.12 X1): a handshake timeout and another
// major family say so in words, an HTTP provider is taken to egress whatever it declares, a provider's unknown
// error code reads as internal with the raw code kept, and only unavailable and shutting_down are retryable.
import assert from "node:assert/strict";
import { test } from "node:test";
import { connect, type ErrorCode, Host, HostError, httpTransport, inPageTransport } from "../../support/lib.ts";
import { ackFor, distorted, failedWith, rejectsWith, scriptedStream } from "../../support/host/adversaries.ts";
import { echoProvider } from "../../support/providers.ts";

const Q = { goal: "g", max_frames: 2, max_tokens: 100 };

test("a handshake without an ack in time is handshake_timeout, naming the milliseconds", async () => {
  const silent = scriptedStream(async (peer) => {
    await peer.next();
    await new Promise(() => {});
  });
  const error = await rejectsWith(
    connect(silent.transport, { handshakeTimeoutMs: 80, closeGraceMs: 50 }),
    "handshake_timeout",
  );
  assert.equal(error.message, "no handshake_ack within 80 ms");
  assert.deepEqual(error.details, { timeoutMs: 80 });
});

test("an ack from another major family names both versions (H3)", async () => {
  const v2 = distorted(echoProvider(), (reply) =>
    reply?.type === "handshake_ack" ? { ...reply, protocol_version: "contextgraph/2.0" } : reply,
  );
  const error = await rejectsWith(connect(inPageTransport(v2)), "version_mismatch");
  assert.equal(error.message, "provider echo speaks contextgraph/2.0, this host contextgraph/1.0");
});

test("over HTTP the provider is taken to egress, whatever its ack says (C4)", async () => {
  const ack = JSON.stringify(ackFor("web"));
  const fetchStub = (async () =>
    new Response(ack, { status: 200, headers: { "content-type": "application/json" } })) as typeof fetch;
  const connection = await connect(httpTransport("http://127.0.0.1:9/contextgraph", { fetch: fetchStub }));
  assert.equal(connection.provider.data_flow.egress, true);
  await connection.close();
});

test("an unknown error code reads as internal and keeps the raw code (X1)", async () => {
  const odd = distorted(echoProvider(), (reply, envelope) =>
    envelope.type === "query" ? { type: "error", id: envelope.id, code: "quota_exceeded", message: "m" } : reply,
  );
  const host = new Host();
  await host.add("p", inPageTransport(odd));
  const error = failedWith(await host.query("p", Q), "provider");
  assert.equal(error.message, "provider echo answered internal: m");
  assert.deepEqual(error.details, { provider: "echo", code: "internal", rawCode: "quota_exceeded" });
  assert.equal(error.retryable, false);
  await host.close();
});

test("only unavailable and shutting_down are retryable (§1.12)", () => {
  const retryable = (code?: ErrorCode) => new HostError("provider", "m", code ? { code } : {}).retryable;
  assert.deepEqual(
    [
      retryable("unavailable"),
      retryable("shutting_down"),
      retryable("bad_request"),
      retryable("internal"),
      retryable(),
    ],
    [true, true, false, false, false],
  );
});

/** An HTTP provider whose ack lists `count` attester keys, as a fetch answering every request with it. */
function ackWithKeys(count: number): typeof fetch {
  const key = (i: number) => ({
    key_id: `k-${i}`,
    algorithm: "ed25519",
    public_key: "ea4a6c63e29c520abef5507b132ec5f9954776aebebe7b92421eea691446d22c",
  });
  const ack = JSON.stringify({ ...ackFor("web"), attester_keys: Array.from({ length: count }, (_, i) => key(i)) });
  return (async () => new Response(ack, { status: 200 })) as typeof fetch;
}

test("an ack listing more than 64 attester keys is refused as wire, naming the count and the bound; 64 are read", async () => {
  const url = "http://127.0.0.1:9/contextgraph";
  const accepted = await connect(httpTransport(url, { fetch: ackWithKeys(64) }));
  assert.equal(accepted.attesterKeys.length, 64);
  await accepted.close();
  for (const count of [65, 100_000]) {
    const error = await rejectsWith(connect(httpTransport(url, { fetch: ackWithKeys(count) })), "wire");
    assert.equal(error.message, `provider web lists ${count} attester keys; this host reads at most 64`);
  }
});
