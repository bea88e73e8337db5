// What revalidation remembers (spec §4.7, V1–V4): a frame found stale or gone is never served again, one the
// provider cannot vouch for (unknown) still is; a provider without verify gets no verify request at all.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Host, inPageTransport } from "../../support/lib.ts";
import { counting, legOf } from "../../support/host/adversaries.ts";
import { echoProvider } from "../../support/providers.ts";

const Q = { goal: "g", max_frames: 2, max_tokens: 100 };

async function heldFrame(verify: () => "gone" | undefined) {
  const host = new Host();
  await host.add("p", inPageTransport(echoProvider({ verify })));
  const first = legOf((await host.queryAll(Q))[0], "frames");
  return { host, held: first.frames.map((f) => f.frameId) };
}

test("a gone frame is dropped and never served again; an unknown one is dropped but still served", async () => {
  for (const [verdict, servedAfter] of [
    ["gone", 0],
    [undefined, 1],
  ] as const) {
    const { host, held } = await heldFrame(() => verdict);
    const revalidation = await host.verifyFrames(held);
    assert.deepEqual(
      revalidation.dropped.map((d) => d.reason.kind),
      [verdict ?? "unknown"],
    );
    const again = legOf((await host.queryAll(Q))[0], "frames");
    assert.equal(again.frames.length, servedAfter, String(verdict));
    await host.close();
  }
});

test("a provider that does not declare verify is sent no verify: every frame is verify_unsupported", async () => {
  const spy = counting(echoProvider({ capabilities: { query: { kinds: ["doc"] }, correlation: true, verify: false } }));
  const host = new Host();
  await host.add("p", inPageTransport(spy.provider));
  const held = legOf((await host.queryAll(Q))[0], "frames").frames.map((f) => f.frameId);
  const revalidation = await host.verifyFrames(held);
  assert.deepEqual(
    revalidation.dropped.map((d) => d.reason.kind),
    ["verify_unsupported"],
  );
  assert.equal(spy.calls("verify"), 0);
  await host.close();
});
