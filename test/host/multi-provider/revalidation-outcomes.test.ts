// What verifyFrames reports, exactly (spec §4.7, V1–V3, §1.10): a stale verdict's replacement digest when
// one is given and no such member otherwise; extra verdicts counted across providers, and no count at all
// when there were none; identities without a digest never sent; a failed verify named by its message.
import assert from "node:assert/strict";
import { test } from "node:test";
import { type Connection, type FrameId, type FrameVerdict, Host } from "../../support/lib.ts";
import { heldFrames, verifyingConnection } from "../../support/host/verifying.ts";

const DIGEST = `sha256:${"ab".repeat(32)}`;

/** A verifying connection that also counts its verify calls. */
function counted(name: string, answer: (frames: readonly FrameId[]) => readonly FrameVerdict[]) {
  let calls = 0;
  const connection = verifyingConnection(name, (frames) => (calls++, answer(frames)));
  return { connection, calls: () => calls };
}

test("a stale verdict's replacement digest is passed on; without one the reason has no such member (V3)", async () => {
  const [withReplacement, without] = heldFrames("p", 2);
  const host = new Host();
  await host.add(
    "p",
    verifyingConnection("p", (frames) => [
      { frame: frames[0]!, status: "stale", replacement_digest: DIGEST },
      { frame: frames[1]!, status: "stale" },
    ]),
  );
  const out = await host.verifyFrames([withReplacement!, without!]);
  assert.deepStrictEqual(
    out.dropped.map((d) => d.reason),
    [{ kind: "stale", replacementDigest: DIGEST }, { kind: "stale" }],
  );
});

test("verdicts that answer nothing asked are counted across providers (§1.10)", async () => {
  const a = heldFrames("a", 1, "a");
  const b = heldFrames("b", 1, "b");
  const stranger = heldFrames("elsewhere", 2, "x");
  const host = new Host();
  // a: its frame, then two verdicts for identities never sent; b: its frame twice (the second ignored).
  await host.add(
    "a",
    verifyingConnection("a", (frames) => [
      { frame: frames[0]!, status: "valid" },
      ...stranger.map((frame): FrameVerdict => ({ frame, status: "valid" })),
    ]),
  );
  await host.add(
    "b",
    verifyingConnection("b", (frames) => [
      { frame: frames[0]!, status: "valid" },
      { frame: frames[0]!, status: "gone" },
    ]),
  );
  // One identity of a's without a digest: a part with nothing ignored, joined with the others.
  const undigested: FrameId = { provider_id: "a", frame_id: "no-digest" };
  const out = await host.verifyFrames([...a, undigested, ...b]);
  assert.equal(out.ignoredVerdicts, 3);
  assert.deepEqual(out.retained, [...a, ...b]);
});

test("when every verdict answers an identity sent, the outcome has no ignoredVerdicts member", async () => {
  const held = heldFrames("p", 2);
  const host = new Host();
  await host.add(
    "p",
    verifyingConnection("p", (frames) => frames.map((frame): FrameVerdict => ({ frame, status: "valid" }))),
  );
  assert.deepStrictEqual(await host.verifyFrames(held), { retained: held, dropped: [] });
});

test("identities without a digest are never sent: no verify at all when none has one (V1, D3)", async () => {
  const held: FrameId[] = [
    { provider_id: "p", frame_id: "one" },
    { provider_id: "p", frame_id: "two" },
  ];
  const provider = counted("p", () => []);
  const host = new Host();
  await host.add("p", provider.connection);
  const out = await host.verifyFrames(held);
  assert.equal(provider.calls(), 0);
  assert.deepStrictEqual(
    out.dropped.map((d) => [d.frame.frame_id, d.reason.kind]),
    [
      ["one", "no_digest"],
      ["two", "no_digest"],
    ],
  );
});

test("a verify that fails drops what was sent as verify_failed with the failure's message, or a fixed one", async () => {
  const held = heldFrames("p", 1);
  const failing = (rejection: unknown): Connection => ({
    ...verifyingConnection("p", () => []),
    verify: () => Promise.reject(rejection),
  });
  for (const [rejection, message] of [
    [new Error("the provider hung up"), "the provider hung up"],
    ["not an Error", "verify failed"],
  ] as const) {
    const host = new Host();
    await host.add("p", failing(rejection));
    const out = await host.verifyFrames(held);
    assert.deepStrictEqual(
      out.dropped.map((d) => d.reason),
      [{ kind: "verify_failed", message }],
    );
  }
});
