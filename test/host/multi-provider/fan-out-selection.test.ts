// Which providers a query goes to, and what a leg reports (spec §4.6 step 1, §4.7 V4): a provider is asked
// when it serves any one of the kinds asked for (all providers when none is named); a single-provider query
// honours its abort signal; a leg counts the frames it held back as revoked.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Host, inPageTransport } from "../../support/lib.ts";
import { counting, failedWith, legOf } from "../../support/host/adversaries.ts";
import { candidate, echoProvider } from "../../support/providers.ts";

const Q = { goal: "g", max_frames: 4, max_tokens: 400 };

async function threeProviders() {
  const spies = {
    code: counting(echoProvider({ capabilities: { query: { kinds: ["symbol"] }, correlation: true } })),
    docs: counting(echoProvider({ capabilities: { query: { kinds: ["doc", "snippet"] }, correlation: true } })),
    none: counting(echoProvider({ capabilities: { query: { kinds: [] }, correlation: true } })),
  };
  const host = new Host();
  for (const [id, spy] of Object.entries(spies)) await host.add(id, inPageTransport(spy.provider));
  const queried = () => Object.entries(spies).map(([id, spy]) => `${id}:${spy.calls("query")}`);
  return { host, queried };
}

test("a query naming kinds goes to each provider serving any one of them (§4.6 step 1)", async () => {
  const { host, queried } = await threeProviders();
  const legs = await host.queryAll({ ...Q, kinds: ["doc", "decision"] });
  assert.deepEqual(
    legs.map((leg) => leg.provider),
    ["docs"],
  );
  assert.deepEqual(queried(), ["code:0", "docs:1", "none:0"]);
  await host.close();
});

test("a query naming no kind goes to every provider", async () => {
  const { host, queried } = await threeProviders();
  await host.queryAll(Q);
  assert.deepEqual(queried(), ["code:1", "docs:1", "none:1"]);
  await host.close();
});

test("Host.query passes its abort signal on: an aborted query is aborted, and nothing is asked", async () => {
  const spy = counting(echoProvider());
  const host = new Host();
  await host.add("p", inPageTransport(spy.provider));
  const error = failedWith(await host.query("p", Q, { signal: AbortSignal.abort() }), "aborted");
  assert.equal(error.message, "the request was cancelled");
  assert.equal(spy.calls("query"), 0);
  await host.close();
});

test("a leg counts the frames held back because revalidation found them gone (V4)", async () => {
  const provider = echoProvider({
    query: () => [candidate("kept", "still here"), candidate("lost", "was here"), candidate("also", "here too")],
    verify: (frameId) => (frameId === "lost" ? "gone" : undefined), // unknown: dropped from the held set, still served
  });
  const host = new Host();
  await host.add("p", inPageTransport(provider));
  const first = legOf(await host.query("p", Q), "frames");
  assert.equal(first.revoked, 0);
  await host.verifyFrames(first.frames.map((f) => f.frameId));
  const again = legOf(await host.query("p", Q), "frames");
  assert.deepEqual(
    again.frames.map((f) => f.frameId.frame_id),
    ["kept", "also"],
  );
  assert.equal(again.revoked, 1);
  await host.close();
});
