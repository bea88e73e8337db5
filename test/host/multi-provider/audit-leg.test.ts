// The fan-out's audit at its edges (spec §4.6, B1, B2, B4; §3.13): a leg exactly at a limit passes, one
// over it is dropped whole; expected costs are written out by hand (B3: ceil(UTF-8 bytes / 4)). And the two
// trust tiers in one result: a key id the operator pinned is judged by the pinned key alone.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Host, inPageTransport, type Signer, signerFromSeed, signFrameAttestation } from "../../support/lib.ts";
import { distorted, distortFrames, type FrameInit, legOf } from "../../support/host/adversaries.ts";
import { candidate, echoProvider } from "../../support/providers.ts";

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

/** A provider publishing both signers' keys and signing its two frames, the first by `first`, the second by `second`. */
function twoSigners(first: Signer, second: Signer) {
  const inner = echoProvider({
    info: { name: "mixed", version: "1.0.0", data_flow: { reads: true } },
    query: () => [candidate("a", "alpha content"), candidate("b", "beta content")],
  });
  return distorted(inner, async (reply) => {
    if (reply?.type === "handshake_ack") return { ...reply, attester_keys: [first.attesterKey, second.attesterKey] };
    if (reply?.type !== "frames") return reply;
    const [a, b] = reply.result.frames as Parameters<typeof signFrameAttestation>[1][];
    const frame_attestations = [
      await signFrameAttestation("mixed", a!, first),
      await signFrameAttestation("mixed", b!, second),
    ];
    return { ...reply, result: { ...reply.result, frame_attestations } };
  });
}

describe("trust tiers in one result (spec §3.13)", () => {
  /** The two frames' states when the operator pinned another key for "k-pinned" and nobody pinned "k-other". */
  async function mixedStates(options: { publishedKeys?: "unless_pinned" | "also_when_pinned" }) {
    // The provider signs frame a under key id "k-pinned" with its own key and publishes that key under the same id;
    // the operator pinned another key for "k-pinned". Frame b is signed under "k-other", which nobody pinned.
    const published = await signerFromSeed("4d".repeat(32), { keyId: "k-pinned", attesterId: "mixed" });
    const unpinned = await signerFromSeed("5e".repeat(32), { keyId: "k-other", attesterId: "mixed" });
    const operator = await signerFromSeed("6f".repeat(32), { keyId: "k-pinned", attesterId: "mixed" });
    const host = new Host({ pinnedKeys: { mixed: [operator.attesterKey] }, ...options });
    await host.add("mixed", inPageTransport(twoSigners(published, unpinned)));
    const leg = legOf((await host.queryAll(Q))[0], "frames");
    await host.close();
    assert.deepEqual(
      leg.frames.map((f) => f.frame.id),
      ["a", "b"],
      "both kept (F9)",
    );
    return leg.frames.map((f) => f.attestation);
  }

  test("by default a pinned provider's unpinned key id is no_trusted_key; the pinned key id's verdict stands", async () => {
    const [a, b] = await mixedStates({});
    assert.deepEqual(a, { state: "invalid", verdict: { kind: "bad_signature" } }, "the pinned verdict stands");
    assert.deepEqual(
      b,
      { state: "no_trusted_key", keyId: "k-other" },
      "the published key does not speak once keys are pinned",
    );
  });

  test("with publishedKeys also_when_pinned, the unpinned key id falls back to the handshake tier, named as such", async () => {
    const [a, b] = await mixedStates({ publishedKeys: "also_when_pinned" });
    assert.deepEqual(a, { state: "invalid", verdict: { kind: "bad_signature" } }, "the pinned verdict still stands");
    assert.deepEqual(b, {
      state: "attested",
      keyId: "k-other",
      attesterId: "mixed",
      coversContent: true,
      anchor: "handshake",
    });
  });
});
