// What attestation does not prove (issue 24.4; spec §3.9: nothing about the query is signed): a signed answer
// replayed in reply to another query still verifies, so the leg carries the answer's identity (its signed root)
// and issued_at as unsigned hints, and a host that wants to can notice the same answer given to two questions.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Host, inPageTransport, signerFromSeed } from "../../support/lib.ts";
import { distorted, legOf } from "../../support/host/adversaries.ts";
import { echoProvider } from "../../support/providers.ts";

test("a signed answer replayed to a second query is still attested, and both legs name the same root and issued_at", async () => {
  const signer = await signerFromSeed("91".repeat(32), { keyId: "k-1", attesterId: "docs" });
  let first: unknown;
  // A man in the middle that keeps the first signed answer and replays it for every later query.
  const provider = distorted(echoProvider({ signer }), async (reply) => {
    if (reply?.type !== "frames") return reply;
    first ??= reply.result;
    return { ...reply, result: first as typeof reply.result };
  });
  const host = new Host();
  await host.add("docs", inPageTransport(provider));
  const one = legOf((await host.queryAll({ goal: "first question", max_frames: 4, max_tokens: 100 }))[0], "frames");
  const two = legOf((await host.queryAll({ goal: "another question", max_frames: 4, max_tokens: 100 }))[0], "frames");
  await host.close();
  assert.equal(two.resultAttestation.state, "attested", "the replay verifies: the query is not signed");
  assert.ok(one.answer, "a signed answer names its root");
  assert.match(one.answer.root, /^sha256:[0-9a-f]{64}$/);
  assert.match(one.answer.issuedAt, /^\d{4}-\d{2}-\d{2}T/);
  assert.deepEqual(two.answer, one.answer, "the same answer, recognisable across queries");
});

test("an unsigned answer carries no answer hints", async () => {
  const host = new Host();
  await host.add("docs", inPageTransport(echoProvider()));
  const leg = legOf((await host.queryAll({ goal: "g", max_frames: 4, max_tokens: 100 }))[0], "frames");
  await host.close();
  assert.equal(leg.resultAttestation.state, "unattested");
  assert.equal("answer" in leg, false);
});
