// Revalidation when the provider's verify goes wrong or says little (spec §4.7, V3), the usage record of a
// leg that was never sent (§4.9), and a transcript's problems in words (line bounds counted in UTF-8 bytes).
import assert from "node:assert/strict";
import { test } from "node:test";
import { Host, inPageTransport, readTranscript, usageLegOf } from "../../support/lib.ts";
import { distorted, legOf } from "../../support/host/adversaries.ts";
import { echoProvider } from "../../support/providers.ts";

const Q = { goal: "g", max_frames: 2, max_tokens: 100 };

async function revalidated(verified: (frames: unknown[]) => Record<string, unknown>) {
  const provider = distorted(echoProvider(), (reply, envelope) =>
    envelope.type === "verify" ? (verified(envelope.request.frames) as never) : reply,
  );
  const host = new Host();
  await host.add("p", inPageTransport(provider));
  const held = legOf((await host.queryAll(Q))[0], "frames").frames.map((f) => f.frameId);
  const revalidation = await host.verifyFrames(held);
  await host.close();
  return revalidation.dropped.map((d) => d.reason);
}

test("a stale verdict without a replacement digest is stale, with no replacement", async () => {
  const reasons = await revalidated((frames) => ({
    type: "verified",
    response: { verdicts: frames.map((frame) => ({ frame, status: "stale" })) },
  }));
  assert.deepEqual(reasons, [{ kind: "stale" }]);
});

test("a verify answered with an error drops every frame as verify_failed, with the provider's words", async () => {
  const reasons = await revalidated(() => ({ type: "error", code: "unavailable", message: "index rebuilding" }));
  assert.deepEqual(reasons, [
    { kind: "verify_failed", message: "provider echo answered unavailable: index rebuilding" },
  ]);
});

test("a leg never sent for want of consent is recorded with its outcome only", () => {
  assert.deepEqual(
    usageLegOf({
      provider: "cloud",
      outcome: "consent_required",
      dataFlow: { reads: true, writes: false, egress: true },
      declaredDataFlow: { reads: true, writes: false, egress: true },
    }),
    {
      provider_id: "cloud",
      outcome: "consent_required",
    },
  );
});

test("a transcript line over the bound in UTF-8 bytes, and one that is no envelope, are problems in words", () => {
  const long = JSON.stringify({ type: "shutdown", note: "é".repeat(40) }); // 40 characters of 2 bytes each
  const { problems } = readTranscript(`${long}\nnot json\n`, { maxLineBytes: 80 });
  assert.deepEqual(problems, [
    { line: 1, message: "the line is longer than 80 bytes" },
    { line: 2, message: "not an envelope (invalid_json)" },
  ]);
});
