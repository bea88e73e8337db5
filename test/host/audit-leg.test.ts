// The fan-out's audit at its edges (spec §4.6, B1, B2, B4; §3.13): a leg exactly at a limit passes, one
// over it is dropped whole; expected costs are written out by hand (B3: ceil(UTF-8 bytes / 4)).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Host, inPageTransport } from "../../src/index.ts";
import { distortFrames, type FrameInit, legOf } from "../support/host/adversaries.ts";
import { candidate, echoProvider } from "../support/providers.ts";

const Q = { goal: "g", max_frames: 4, max_tokens: 100 };

/** A host whose one provider answers with frames of exactly these contents and token costs (no digests). */
async function answering(frames: readonly { content: string; token_cost: number }[]) {
  const provider = distortFrames(echoProvider({ query: () => [candidate("base", "base")] }), (result) => {
    const { content_digest: _, ...base } = result.frames[0]!;
    return { ...result, frames: frames.map((f, i): FrameInit => ({ ...base, id: `f${i}`, ...f })) };
  });
  const host = new Host();
  await host.add("edge", inPageTransport(provider));
  return (await host.queryAll(Q))[0];
}

describe("budget audit at the limits", () => {
  test("declared costs summing to exactly max_tokens pass (B1)", async () => {
    // 400 ASCII bytes cost 100 budget tokens.
    const leg = legOf(await answering([{ content: "a".repeat(400), token_cost: 100 }]), "frames");
    assert.equal(leg.frames.length, 1);
    assert.deepEqual(leg.frames[0]!.violations, [], "honest cost, no B3");
  });

  test("declared costs one token over max_tokens drop the whole leg as budget_lie (B1, B2)", async () => {
    // 401 ASCII bytes cost 101 budget tokens.
    const leg = legOf(await answering([{ content: "a".repeat(401), token_cost: 101 }]), "budget_lie");
    assert.equal(leg.offered, 1);
    assert.deepEqual(
      leg.violations.map((v) => v.anchor),
      ["B1"],
    );
    assert.match(leg.violations[0]!.message, /declared cost 101 exceeds max_tokens 100.*B2/);
  });

  test("exactly max_frames frames pass (B4)", async () => {
    const leg = legOf(await answering(Array.from({ length: 4 }, () => ({ content: "x", token_cost: 1 }))), "frames");
    assert.equal(leg.frames.length, 4);
  });

  test("one frame over max_frames drops the whole leg as frame_flood (B4)", async () => {
    const flood = Array.from({ length: 5 }, () => ({ content: "x", token_cost: 1 }));
    const leg = legOf(await answering(flood), "frame_flood");
    assert.equal(leg.offered, 5);
    assert.deepEqual(
      leg.violations.map((v) => v.anchor),
      ["B4"],
    );
    assert.match(leg.violations[0]!.message, /5 frames exceed max_frames 4/);
  });
});
