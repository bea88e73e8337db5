// How Host.query words a leg it cannot serve (spec §4.6): a flooding provider's finding with its provider,
// and a connection that fails with something other than a HostError as a transport failure, its own words
// not passed on.
import assert from "node:assert/strict";
import { test } from "node:test";
import { type Connection, Host, inPageTransport } from "../support/lib.ts";
import { distortFrames, legOf, rejectsWith } from "../support/host/adversaries.ts";
import { echoProvider } from "../support/providers.ts";

const Q = { goal: "g", max_frames: 2, max_tokens: 100 };

test("a flooding leg is a provider error naming the provider and the B4 finding", async () => {
  const flood = distortFrames(echoProvider(), (r) => ({ ...r, frames: Array(3).fill(r.frames[0]) }));
  const host = new Host();
  await host.add("p", inPageTransport(flood));
  const error = await rejectsWith(host.query("p", Q), "provider");
  assert.equal(error.message, "provider p: 3 frames exceed max_frames 2; every frame dropped");
  assert.deepEqual(error.details, { provider: "p" });
  await host.close();
});

test("a connection throwing a plain Error is a transport failure that does not repeat its message", async () => {
  const real = await new Host().add("real", inPageTransport(echoProvider()));
  const broken: Connection = {
    ...real,
    provider: real.provider,
    capabilities: real.capabilities,
    attesterKeys: real.attesterKeys,
    query: () => Promise.reject(new Error("socket secret-123 reset")),
  };
  const host = new Host();
  await host.add("b", broken);
  const [leg] = await host.queryAll(Q);
  const failed = legOf(leg, "failed");
  assert.equal(failed.error.kind, "transport");
  assert.equal(failed.error.message, "the provider failed");
  await real.close();
});
