// What Host.query answers, leg by leg (spec §4.5, §4.6, C1, C6): only an unknown id throws; consent gates
// are legs naming the data flow and the scopes; a provider's long message is cut to 200 characters; and a
// fan-out budget is sent as each provider's max_tokens share. Messages are written out.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Host, inPageTransport } from "../../support/lib.ts";
import { counting, distorted, failedWith, legOf, rejectsWith } from "../../support/host/adversaries.ts";
import { echoProvider } from "../../support/providers.ts";

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
  const plain = legOf(await host.query("cloud", Q), "consent_required");
  assert.deepEqual(plain, {
    provider: "cloud",
    outcome: "consent_required",
    dataFlow: { reads: true, writes: false, egress: true },
    declaredDataFlow: { reads: true, writes: false, egress: true },
  });
  const flow = { reads: true, egress: true, egress_scopes: ["eu", "us"] };
  await host.add("scoped", inPageTransport(echoProvider({ info: { name: "s", version: "1", data_flow: flow } })));
  host.consent.grant("scoped", flow as never, "boolean consent opens no scope");
  const scoped = legOf(await host.query("scoped", Q), "consent_scope_required");
  assert.deepEqual(scoped.missing, ["eu", "us"]);
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
  const error = failedWith(await host.query("p", Q), "provider");
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
