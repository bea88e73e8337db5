// What Host.query throws, error by error (spec §4.5, §4.6, C1, C6), a provider's long message cut to 200
// characters, and a fan-out budget sent as each provider's max_tokens share. Messages are written out.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Host, inPageTransport } from "../support/lib.ts";
import { counting, distorted, rejectsWith } from "../support/host/adversaries.ts";
import { echoProvider } from "../support/providers.ts";

const Q = { goal: "g", max_frames: 2, max_tokens: 100 };

test("an unknown local id is unknown_provider, naming it", async () => {
  const error = await rejectsWith(new Host().query("nobody", Q), "unknown_provider");
  assert.equal(error.message, "no provider is registered as nobody");
  assert.deepEqual(error.details, { provider: "nobody" });
});

test("an egress provider without consent is consent_required; one with scopes is consent_scope_required, naming them", async () => {
  const host = new Host();
  await host.add(
    "cloud",
    inPageTransport(echoProvider({ info: { name: "c", version: "1", data_flow: { reads: true, egress: true } } })),
  );
  const plain = await rejectsWith(host.query("cloud", Q), "consent_required");
  assert.equal(plain.message, "provider cloud needs consent before it is sent anything");
  assert.deepEqual(plain.details, { provider: "cloud" });
  const flow = { reads: true, egress: true, egress_scopes: ["eu", "us"] };
  await host.add("scoped", inPageTransport(echoProvider({ info: { name: "s", version: "1", data_flow: flow } })));
  host.consent.grant("scoped", flow as never, "boolean consent opens no scope");
  const scoped = await rejectsWith(host.query("scoped", Q), "consent_scope_required");
  assert.equal(scoped.message, "provider scoped needs consent for eu, us");
  assert.deepEqual(scoped.details, { provider: "scoped", scopes: ["eu", "us"] });
  await host.close();
});

test("a provider's error message is passed on cut to its first 200 characters", async () => {
  const chatty = distorted(echoProvider(), (reply, envelope) =>
    envelope.type === "query"
      ? { type: "error", id: envelope.id, code: "unavailable", message: "x".repeat(300) }
      : reply,
  );
  const host = new Host();
  await host.add("p", inPageTransport(chatty));
  const error = await rejectsWith(host.query("p", Q), "provider");
  assert.equal(error.message, `provider echo answered unavailable: ${"x".repeat(200)}`);
  await host.close();
});

test("a fan-out budget goes to each provider as its max_tokens share (§4.6)", async () => {
  const a = counting(echoProvider());
  const b = counting(echoProvider());
  const host = new Host();
  await host.add("a", inPageTransport(a.provider));
  await host.add("b", inPageTransport(b.provider));
  await host.queryAll(Q, { budget: 101 });
  const sent = (spy: typeof a) => spy.received.flatMap((e) => (e.type === "query" ? [e.query.max_tokens] : []));
  assert.deepEqual([sent(a), sent(b)], [[51], [50]]);
  await host.close();
});
