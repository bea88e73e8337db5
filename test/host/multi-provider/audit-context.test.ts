// The audit's findings beyond the budget (spec §4.6, §3.13, P5, F11, Q1): the exact words of a dropped leg,
// published keys consulted where no pinned key speaks, representations judged against the provider's offer
// and the query's wish, orphan attestation entries, and frames of kinds not asked for.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Host, inPageTransport, signerFromSeed } from "../../support/lib.ts";
import { distortFrames, type FrameInit, legOf, type ResultInit } from "../../support/host/adversaries.ts";
import { candidate, echoProvider } from "../../support/providers.ts";

const Q = { goal: "g", max_frames: 4, max_tokens: 100 };
const DIGEST = `sha256:${"5b".repeat(32)}`;

/** The one leg of a host whose provider's results pass through `rewrite`. */
async function leg(
  rewrite: (result: ResultInit) => ResultInit,
  options: { query?: Record<string, unknown>; representations?: ("full" | "compact" | "reference")[] } = {},
) {
  const provider = distortFrames(
    echoProvider({
      capabilities: {
        query: { kinds: ["doc"] },
        ...(options.representations ? { representations: options.representations } : {}),
      },
      query: () => [candidate("a", "alpha")],
    }),
    rewrite,
  );
  const host = new Host();
  await host.add("p", inPageTransport(provider));
  const [result] = await host.queryAll({ ...Q, ...options.query });
  await host.close();
  return result;
}

const compact = (frame: FrameInit): FrameInit => ({
  ...frame,
  representation: "compact",
  canonical_content_hash: DIGEST,
  transform: { method: "summary", implementation: "t", version: "1" },
  content_ref: { provider_id: "echo", uri: "docs://a" },
});

describe("a dropped leg says the whole leg went", () => {
  test("frame_flood: the B4 finding, then every frame dropped", async () => {
    const flood = legOf(await leg((r) => ({ ...r, frames: Array(5).fill(r.frames[0]) })), "frame_flood");
    assert.deepEqual(
      flood.violations.map((v) => v.message),
      ["5 frames exceed max_frames 4; every frame dropped"],
    );
  });

  test("budget_lie: the B1 finding, then every frame dropped (B2)", async () => {
    const lie = legOf(await leg((r) => ({ ...r, frames: [{ ...r.frames[0]!, token_cost: 101 }] })), "budget_lie");
    assert.deepEqual(
      lie.violations.map((v) => v.message),
      ["declared cost 101 exceeds max_tokens 100; every frame dropped (B2)"],
    );
  });
});

test("pinned keys that name none of the result's key ids: no_trusted_key by default, the published keys judge only when asked (§3.13)", async () => {
  const signer = await signerFromSeed("2e".repeat(32), { keyId: "k-published", attesterId: "echo" });
  const stranger = await signerFromSeed("3f".repeat(32), { keyId: "k-elsewhere", attesterId: "echo" });
  const states = [];
  for (const publishedKeys of ["unless_pinned", "also_when_pinned"] as const) {
    const host = new Host({ pinnedKeys: { p: [stranger.attesterKey] }, publishedKeys });
    await host.add("p", inPageTransport(echoProvider({ signer })));
    states.push(legOf((await host.queryAll(Q))[0], "frames").resultAttestation);
    await host.close();
  }
  assert.deepEqual(states, [
    { state: "no_trusted_key", keyId: "k-published" },
    { state: "attested", keyId: "k-published", attesterId: "echo", coversContent: true, anchor: "handshake" },
  ]);
});

describe("representations (P5)", () => {
  test("a representation the provider did not advertise is a P5 finding", async () => {
    const served = legOf(
      await leg((r) => ({ ...r, frames: [compact(r.frames[0]!)] }), { representations: ["full"] }),
      "frames",
    );
    assert.deepEqual(
      served.frames[0]!.violations.map((v) => v.message),
      ["representation compact was not advertised by the provider"],
    );
  });

  test("an advertised representation the query did not ask for is a P5 finding", async () => {
    const served = legOf(
      await leg((r) => ({ ...r, frames: [compact(r.frames[0]!)] }), {
        representations: ["full", "compact"],
        query: { representation_preferences: ["reference"] },
      }),
      "frames",
    );
    assert.deepEqual(
      served.frames[0]!.violations.map((v) => v.message),
      ["representation compact was not asked for (only full is a fallback)"],
    );
  });
});

test("attestation entries naming no frame of the result are one F11 finding, counted", async () => {
  const served = legOf(
    await leg((r) => ({
      ...r,
      frame_attestations: [
        { frame: { provider_id: "echo", frame_id: "ghost" } },
        { frame: { provider_id: "echo", frame_id: "phantom" } },
      ],
    })),
    "frames",
  );
  assert.deepEqual(served.violations, [
    { anchor: "F11", message: "2 frame_attestations entries name no frame of this result" },
  ]);
});

test("a frame of a kind the query did not ask for is a Q1 finding of the leg", async () => {
  const served = legOf(
    await leg((r) => ({ ...r, frames: [{ ...r.frames[0]!, kind: "note" }] }), { query: { kinds: ["doc"] } }),
    "frames",
  );
  assert.deepEqual(
    served.violations.map((v) => [v.anchor, v.message]),
    [["Q1", 'frame of kind "note" was not asked for']],
  );
});
