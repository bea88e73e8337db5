// How Host.query hands back a leg it cannot serve (spec §4.6): a flooding provider's leg with its finding
// and the answer it was given, and a connection that fails with something other than a HostError as a
// transport failure, its own words not passed on.
import assert from "node:assert/strict";
import { test } from "node:test";
import { type Connection, Host, inPageTransport } from "../../support/lib.ts";
import { distortFrames, legOf } from "../../support/host/adversaries.ts";
import { echoProvider } from "../../support/providers.ts";

const Q = { goal: "g", max_frames: 2, max_tokens: 100 };

test("a flooding leg is a value: the B4 finding, the frames offered and the answer it was given", async () => {
  const flood = distortFrames(echoProvider(), (r) => ({ ...r, frames: Array(3).fill(r.frames[0]) }));
  const host = new Host();
  await host.add("p", inPageTransport(flood));
  const leg = legOf(await host.query("p", Q), "frame_flood");
  assert.equal(leg.provider, "p");
  assert.equal(leg.offered, 3);
  assert.deepEqual(
    leg.violations.map((v) => v.message),
    ["3 frames exceed max_frames 2; every frame dropped"],
  );
  assert.equal(leg.result.frames.length, 3, "the answer as received, for a view or an export to show");
  await host.close();
});

test("a connection throwing a plain Error is a transport failure that does not repeat its message", async () => {
  const real = await new Host().add("real", inPageTransport(echoProvider()));
  const broken: Connection = {
    ...real,
    provider: real.provider,
    declaredDataFlow: real.declaredDataFlow,
    capabilities: real.capabilities,
    attesterKeys: real.attesterKeys,
    query: () => Promise.reject(new Error("socket secret-123 reset")),
    verify: (frames) => real.verify(frames),
    close: () => real.close(),
  };
  const host = new Host();
  await host.add("b", broken);
  const [leg] = await host.queryAll(Q);
  const failed = legOf(leg, "failed");
  assert.equal(failed.error.kind, "transport");
  assert.equal(failed.error.message, "the provider failed");
  await real.close();
});
