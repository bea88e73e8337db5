// Adversarial providers against the host: one named test per misbehaviour, each with the outcome the spec
// names for it (spec §2, §4.2–§4.7, §5.2–§5.3). Every adversary is a real provider whose replies are
// distorted, so everything it does not break stays honest; where it helps, a well-behaved twin runs in the
// same fan-out to show the host tells them apart. Costs and digests the tests expect are written out by hand
// or computed with node:crypto, never with the library's own functions; promptness is proven with node:test's
// mock timers (no timer fires unless the test ticks it), not with a wall clock.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, test } from "node:test";
import {
  consentReceipt,
  type Envelope,
  frameCommitmentString,
  Host,
  inPageTransport,
  parseDigestString,
  signCommitment,
  signerFromSeed,
  usageReport,
  usageLegOf,
} from "../../support/lib.ts";
import { candidate, echoProvider } from "../../support/providers.ts";
import {
  ackFor,
  counting,
  distorted,
  distortFrames,
  type FrameInit,
  legOf,
  perFrameSigning,
  rejectsWith,
  scriptedStream,
} from "../../support/host/adversaries.ts";
import { pendingAfter, settlesWithin } from "../../support/host/turns.ts";

const Q = { goal: "g", max_frames: 4, max_tokens: 100 };

/** An honest provider answering two frames (the first is the one adversaries break). */
function twoFrames(name = "two") {
  return echoProvider({
    info: { name, version: "1.0.0", data_flow: { reads: true } },
    query: (q) => [
      candidate(`${name}:first`, `first answer to ${q.goal}`, { score: 0.9 }),
      candidate(`${name}:second`, `second answer to ${q.goal}`, { score: 0.4 }),
    ],
  });
}

/** `sha256:<hex>` of a string's UTF-8 bytes, by node:crypto (spec §1.8 content_digest). */
const sha256 = (text: string) => `sha256:${createHash("sha256").update(text, "utf8").digest("hex")}`;

/** A frame's anchors, for assertions. */
const anchors = (violations: readonly { anchor: string }[]) => violations.map((v) => v.anchor);

describe("adversarial providers", () => {
  test("wrong version: an ack from another major family is version_mismatch, at once, and nothing else is sent (H3)", async (t) => {
    t.mock.timers.enable({ apis: ["setTimeout"] });
    const spy = counting(
      distorted(echoProvider(), (reply) =>
        reply?.type === "handshake_ack" ? { ...reply, protocol_version: "contextgraph/2.0" } : reply,
      ),
    );
    const host = new Host();
    const adding = host.add("v2", inPageTransport(spy.provider));
    await settlesWithin(adding); // promptly: no timer has fired, so not at the handshake timeout
    const error = await rejectsWith(adding, "version_mismatch");
    assert.equal(error.details.providerVersion, "contextgraph/2.0");
    assert.equal(error.details.hostVersion, "contextgraph/1.0");
    assert.equal(host.connection("v2"), undefined, "the provider is not registered");
    assert.deepEqual(
      spy.received.map((e) => e.type),
      ["handshake"],
      "no query after a refused ack",
    );
    // The same-family twin is accepted.
    await host.add(
      "v1",
      inPageTransport(
        distorted(echoProvider(), (reply) =>
          reply?.type === "handshake_ack" ? { ...reply, protocol_version: "contextgraph/1.7" } : reply,
        ),
      ),
    );
    assert.equal(host.connection("v1")?.protocolVersion, "contextgraph/1.7");
  });

  test("stalled handshake: no ack within the bound is handshake_timeout, never a hang (H3)", async (t) => {
    t.mock.timers.enable({ apis: ["setTimeout"] });
    const host = new Host({ connect: { handshakeTimeoutMs: 80 } });
    const stalled = { handle: () => new Promise<never>(() => {}) };
    const adding = host.add("stalled", inPageTransport(stalled));
    await pendingAfter(adding);
    t.mock.timers.tick(79);
    await pendingAfter(adding); // not before the bound
    t.mock.timers.tick(1);
    await settlesWithin(adding); // at the bound
    const error = await rejectsWith(adding, "handshake_timeout");
    assert.equal(error.details.timeoutMs, 80);
    assert.equal(host.connection("stalled"), undefined);
  });

  test("lying token_cost: an under-reported cost within budget is a B3 violation on that frame; the frame is kept", async () => {
    const host = new Host();
    await host.add(
      "cheap",
      inPageTransport(
        distortFrames(twoFrames(), (r) => ({
          ...r,
          frames: r.frames.map((f, i) => (i === 0 ? { ...f, token_cost: 1 } : f)),
        })),
      ),
    );
    const leg = legOf((await host.queryAll(Q))[0], "frames");
    assert.equal(leg.frames.length, 2, "no frame dropped for B3");
    const [lied, honest] = leg.frames;
    assert.equal(lied?.frame.token_cost, 1);
    assert.deepEqual(anchors(lied!.violations), ["B3"]);
    assert.equal(lied!.violations[0]?.frame, "two:first");
    // "first answer to g" is 17 bytes: ceil(17 / 4) = 5 budget tokens.
    assert.match(lied!.violations[0]!.message, /token_cost is 1, canonical cost is 5$/);
    assert.deepEqual(honest?.violations, [], "the honest frame is clean");
  });

  test("over budget: declared costs over max_tokens drop the whole leg as budget_lie, reported loudly (B1, B2)", async () => {
    const host = new Host();
    await host.add("honest", inPageTransport(twoFrames("honest")));
    await host.add(
      "liar",
      inPageTransport(
        distortFrames(twoFrames("liar"), (r) => ({
          ...r,
          frames: r.frames.map((f) => ({ ...f, token_cost: 99_999 })),
        })),
      ),
    );
    const legs = await host.queryAll(Q);
    legOf(legs[0], "frames");
    const lie = legOf(legs[1], "budget_lie");
    assert.equal(lie.offered, 2);
    assert.deepEqual(anchors(lie.violations), ["B1"]);
    assert.match(lie.violations[0]!.message, /199998 exceeds max_tokens 100.*B2/);
    assert.ok(!("frames" in lie), "no frame of the lying leg survives");
    const report = usageReport({ query: Q, legs: legs.map(usageLegOf) });
    assert.deepEqual(report.providers?.[1], {
      provider_id: "liar",
      frames_served: 0,
      frames_rejected: 2,
      token_cost: 0,
    });
    assert.equal(report.providers?.[0]?.frames_served, 2);
  });

  test("frame flood: more frames than max_frames drops the whole leg as frame_flood (B4)", async () => {
    const flood = distortFrames(twoFrames("flood"), (r) => {
      const base = r.frames[0]!;
      // "f0" … "f63" are 2 or 3 bytes: 1 budget token each.
      const frames: FrameInit[] = Array.from({ length: 64 }, (_, i) => ({
        ...base,
        id: `flood:${i}`,
        content: `f${i}`,
        content_digest: sha256(`f${i}`),
        token_cost: 1,
      }));
      return { ...r, frames };
    });
    const host = new Host();
    await host.add("flood", inPageTransport(flood));
    const leg = legOf((await host.queryAll(Q))[0], "frame_flood");
    assert.equal(leg.offered, 64);
    assert.deepEqual(anchors(leg.violations), ["B4"]);
    assert.match(leg.violations[0]!.message, /64 frames exceed max_frames 4/);
    assert.equal(usageReport({ query: Q, legs: [usageLegOf(leg)] }).providers?.[0]?.frames_rejected, 64);
  });

  test("bad score: a score outside [0,1] is an F1 violation on that frame; the frame is kept", async () => {
    const host = new Host();
    await host.add(
      "score",
      inPageTransport(
        distortFrames(twoFrames(), (r) => ({
          ...r,
          frames: r.frames.map((f, i) => (i === 0 ? { ...f, score: 1.5 } : f)),
        })),
      ),
    );
    const leg = legOf((await host.queryAll(Q))[0], "frames");
    assert.equal(leg.frames.length, 2);
    assert.equal(leg.frames[0]?.frame.score, 1.5);
    assert.deepEqual(anchors(leg.frames[0]!.violations), ["F1"]);
    assert.deepEqual(leg.frames[1]?.violations, []);
  });

  test('empty citation: citation_label "" is an F3 violation on that frame; the frame is kept', async () => {
    const host = new Host();
    await host.add(
      "cite",
      inPageTransport(
        distortFrames(twoFrames(), (r) => ({
          ...r,
          frames: r.frames.map((f, i) => (i === 0 ? { ...f, citation_label: "" } : f)),
        })),
      ),
    );
    const leg = legOf((await host.queryAll(Q))[0], "frames");
    assert.equal(leg.frames.length, 2);
    assert.deepEqual(anchors(leg.frames[0]!.violations), ["F3"]);
    assert.deepEqual(leg.frames[1]?.violations, []);
  });

  test("missing id echo: a correlated reply without its id fails the leg with correlation_mismatch (H4)", async () => {
    const host = new Host();
    await host.add("honest", inPageTransport(echoProvider()));
    await host.add(
      "mute",
      inPageTransport(
        distorted(echoProvider(), (reply) => (reply?.type === "frames" ? { ...reply, id: undefined } : reply)),
      ),
    );
    const legs = await host.queryAll(Q);
    legOf(legs[0], "frames");
    const error = legOf(legs[1], "failed").error;
    assert.equal(error.kind, "correlation_mismatch");
    assert.equal(error.details.got, "<absent>");
    assert.match(error.details.expected ?? "", /^q\d+$/);
  });

  test("wrong id echo: a correlated reply naming another id fails the leg with correlation_mismatch (H4)", async () => {
    const host = new Host();
    await host.add(
      "wrong",
      inPageTransport(
        distorted(echoProvider(), (reply) => (reply?.type === "frames" ? { ...reply, id: "not-yours" } : reply)),
      ),
    );
    const error = legOf((await host.queryAll(Q))[0], "failed").error;
    assert.equal(error.kind, "correlation_mismatch");
    assert.equal(error.details.got, "not-yours");
    assert.notEqual(error.details.expected, "not-yours");
  });

  test("crash mid-query (the handler throws): the provider answers internal and the leg fails; others unaffected", async () => {
    const host = new Host();
    await host.add(
      "crashing",
      inPageTransport(
        echoProvider({
          query: () => {
            throw new Error("boom");
          },
        }),
      ),
    );
    await host.add("honest", inPageTransport(echoProvider()));
    const legs = await host.queryAll(Q);
    const error = legOf(legs[0], "failed").error;
    assert.equal(error.kind, "provider");
    assert.equal(error.details.code, "internal");
    assert.equal(error.reaction, "report_and_count");
    assert.equal(error.retryable, false);
    assert.ok(!error.message.includes("boom"), "the handler's own error stays inside the provider");
    assert.equal(legOf(legs[1], "frames").frames.length, 1);
  });

  test("crash mid-query (a stream provider closes its output): provider_crashed, at once, not at the timeout", async (t) => {
    const { transport, done } = scriptedStream(async (peer) => {
      await peer.next(); // the handshake
      await peer.send(ackFor("dying"));
      await peer.next(); // the query
      await peer.end(); // dies mid-query
    });
    const host = new Host({ connect: { timeoutMs: 30_000 } });
    await host.add("dying", transport);
    await host.add("honest", inPageTransport(echoProvider()));
    t.mock.timers.enable({ apis: ["setTimeout"] });
    const querying = host.queryAll(Q);
    await settlesWithin(querying); // no timer has fired: the 30 s timeout is not what ended it
    const legs = await querying;
    assert.equal(legOf(legs[0], "failed").error.kind, "provider_crashed");
    legOf(legs[1], "frames");
    t.mock.timers.reset(); // close() may wait on a grace timer of its own
    await host.close();
    await done;
  });

  test("never answers: the leg fails with timeout; the other legs are unaffected", async (t) => {
    const silent = distorted(echoProvider(), (reply, envelope) =>
      envelope.type === "query" ? new Promise<never>(() => {}) : reply,
    );
    const host = new Host({ connect: { timeoutMs: 100 } });
    await host.add("silent", inPageTransport(silent));
    await host.add("honest", inPageTransport(echoProvider()));
    t.mock.timers.enable({ apis: ["setTimeout"] });
    const querying = host.queryAll(Q);
    await pendingAfter(querying);
    t.mock.timers.tick(99);
    await pendingAfter(querying); // not before the bound
    t.mock.timers.tick(1);
    await settlesWithin(querying); // at the bound
    const legs = await querying;
    const error = legOf(legs[0], "failed").error;
    assert.equal(error.kind, "timeout");
    assert.equal(error.details.timeoutMs, 100);
    assert.equal(legOf(legs[1], "frames").frames[0]?.frame.id, "echo:g");
  });

  test("garbage reply: an undecodable line on a stream is a wire error, and it ends the connection (spec §4.3)", async () => {
    const { transport, done } = scriptedStream(async (peer) => {
      await peer.next();
      await peer.send(ackFor("garbage"));
      await peer.next();
      await peer.send("this is not an envelope");
      while (await peer.next()); // until the host hangs up
    });
    const host = new Host();
    await host.add("garbage", transport);
    await host.add("honest", inPageTransport(echoProvider()));
    const legs = await host.queryAll(Q);
    assert.equal(legOf(legs[0], "failed").error.kind, "wire");
    legOf(legs[1], "frames");
    const again = await host.queryAll(Q);
    assert.equal(legOf(again[0], "failed").error.kind, "wire", "the connection stays failed");
    await host.close();
    await done;
  });

  test("unconsented egress: consent_required, and the provider never receives a query (C1, C2)", async () => {
    const spy = counting(
      echoProvider({ info: { name: "cloud", version: "1.0.0", data_flow: { reads: true, egress: true } } }),
    );
    const host = new Host();
    await host.add("cloud", inPageTransport(spy.provider));
    const leg = legOf((await host.queryAll(Q))[0], "consent_required");
    assert.equal(leg.dataFlow.egress, true);
    assert.equal(spy.calls("handshake"), 1);
    assert.equal(spy.calls("query"), 0, "no payload before consent");
    host.consent.grant("cloud", leg.dataFlow, "docs search");
    legOf((await host.queryAll(Q))[0], "frames");
    assert.equal(spy.calls("query"), 1, "the query goes out once consent is recorded");
  });

  test("scope lie: egress:false with an off-machine scope is a C5 violation, and the scope still needs a receipt (C6)", async () => {
    const flow = { reads: true, egress: false, egress_scopes: ["third-party-index"] };
    const spy = counting(echoProvider({ info: { name: "liar", version: "1.0.0", data_flow: flow } }));
    const host = new Host();
    const connection = await host.add("liar", inPageTransport(spy.provider));
    assert.deepEqual(anchors(connection.violations), ["C5"]);
    assert.equal(connection.violations[0]?.path, "provider.data_flow.egress_scopes[0]");
    const gated = legOf((await host.queryAll(Q))[0], "consent_scope_required");
    assert.deepEqual(gated.missing, ["third-party-index"]);
    host.consent.grant("liar", gated.dataFlow, "a boolean record does not open a scope gate");
    legOf((await host.queryAll(Q))[0], "consent_scope_required");
    assert.equal(spy.calls("query"), 0, "nothing transmitted without the receipt");
    host.consent.recordReceipt(
      consentReceipt({
        providerId: "liar",
        scope: "third-party-index",
        provider: { name: "liar", version: "1.0.0" },
        grantor: { kind: "human", id: "ops@example.com" },
      }),
    );
    legOf((await host.queryAll(Q))[0], "frames");
    assert.equal(spy.calls("query"), 1);
  });

  test("forged signature: bad_signature and commitment_mismatch are invalid attestations; the frames are kept (F9)", async () => {
    const signer = await signerFromSeed("2a".repeat(32), { keyId: "k1", attesterId: "three" });
    const forger = await signerFromSeed("3b".repeat(32), { keyId: "k1", attesterId: "three" });
    const three = echoProvider({
      info: { name: "three", version: "1.0.0", data_flow: { reads: true } },
      query: () => [candidate("a", "alpha content"), candidate("b", "beta content"), candidate("c", "gamma content")],
    });
    const provider = perFrameSigning(three, "three", signer, async (result) => {
      const [a, b, c] = result.frame_attestations!;
      // a: honest commitment, signature by a key the provider did not publish.
      const commitment = parseDigestString(a!.attestation!.signed_commitment)!;
      const forged = {
        ...a!,
        attestation: { ...a!.attestation!, signature: (await signCommitment(commitment, forger)).signature },
      };
      // b: content changed after signing (digest and cost kept honest, so only the attestation is off).
      const altered = "beta content, edited after signing"; // 34 bytes: ceil(34 / 4) = 9 budget tokens
      const frames = result.frames.map((f) =>
        f.id === "b" ? { ...f, content: altered, content_digest: sha256(altered), token_cost: 9 } : f,
      );
      const entryB = { ...b!, frame: { ...b!.frame, content_digest: frames[1]!.content_digest! } };
      return { ...result, frames, frame_attestations: [forged, entryB, c!] };
    });
    const host = new Host();
    await host.add("three", inPageTransport(provider));
    const leg = legOf((await host.queryAll(Q))[0], "frames");
    assert.deepEqual(
      leg.frames.map((f) => f.frame.id),
      ["a", "b", "c"],
      "every frame kept (F9)",
    );
    for (const f of leg.frames) assert.deepEqual(f.violations, [], `frame ${f.frame.id} is otherwise valid`);
    const [a, b, c] = leg.frames.map((f) => f.attestation);
    assert.deepEqual(a, { state: "invalid", verdict: { kind: "bad_signature" } });
    assert.equal(b?.state, "invalid");
    assert.ok(b?.state === "invalid" && b.verdict.kind === "commitment_mismatch");
    assert.equal(b.verdict.expected, frameCommitmentString("three", leg.frames[1]!.frame));
    assert.deepEqual(c, {
      state: "attested",
      keyId: "k1",
      attesterId: "three",
      coversContent: true,
      anchor: "handshake",
    });
  });

  test("lifted signature: a genuine attestation moved onto another frame is invalid commitment_mismatch (F7, F11)", async () => {
    const signer = await signerFromSeed("2a".repeat(32), { keyId: "k1", attesterId: "lift" });
    // Two frames identical but for their id: same content, digest and provenance (the reference's lift-signature mode).
    const twins = echoProvider({
      info: { name: "lift", version: "1.0.0", data_flow: { reads: true } },
      query: () => [candidate("one", "same bytes"), candidate("two", "same bytes")],
    });
    let genuine = "";
    const provider = perFrameSigning(twins, "lift", signer, (result) => {
      const [one, two] = result.frame_attestations!;
      genuine = one!.attestation!.signed_commitment;
      return { ...result, frame_attestations: [one!, { frame: two!.frame, attestation: one!.attestation! }] };
    });
    const host = new Host();
    await host.add("lift", inPageTransport(provider));
    const leg = legOf((await host.queryAll(Q))[0], "frames");
    assert.equal(leg.frames.length, 2, "both kept (F9)");
    assert.equal(leg.frames[0]?.attestation.state, "attested", "the frame the signature was made for verifies");
    const lifted = leg.frames[1]!.attestation;
    assert.ok(lifted.state === "invalid" && lifted.verdict.kind === "commitment_mismatch", JSON.stringify(lifted));
    assert.equal(lifted.verdict.signed, genuine);
    assert.equal(lifted.verdict.expected, frameCommitmentString("lift", leg.frames[1]!.frame));
    assert.deepEqual(leg.violations, [], "the entry names a frame of the result: not an orphan");
  });

  test("rubber-stamp verify: verdicts count only for the exact identity sent; others are ignored (V2, V3, D5)", async () => {
    const inner = echoProvider({ info: { name: "stamp", version: "1.0.0", data_flow: { reads: true } } });
    const requests: Extract<Envelope, { type: "verify" }>[] = [];
    const fake = (n: string) => `sha256:${n.repeat(64)}`;
    const stamp = distorted(inner, (reply, envelope) => {
      if (envelope.type !== "verify") return reply;
      requests.push(envelope);
      const verdicts = envelope.request.frames.map((frame) => {
        if (frame.frame_id === "swapped")
          return { frame: { ...frame, content_digest: fake("9") }, status: "valid" as const }; // valid, for a frame not sent
        if (frame.frame_id === "local-named")
          return { frame: { ...frame, provider_id: "stamp-local" }, status: "valid" as const }; // the host's local id, not what was sent
        return { frame, status: "valid" as const }; // the rubber stamp
      });
      verdicts.push({
        frame: { provider_id: "stamp", frame_id: "phantom", content_digest: fake("7") },
        status: "valid",
      });
      return { type: "verified", response: { verdicts } };
    });
    const host = new Host();
    await host.add("stamp-local", inPageTransport(stamp));
    const served = legOf((await host.queryAll(Q))[0], "frames").frames[0]!.frameId;
    const neverServed = { provider_id: "stamp-local", frame_id: "never-served", content_digest: fake("1") };
    const swapped = { provider_id: "stamp-local", frame_id: "swapped", content_digest: fake("2") };
    const localNamed = { provider_id: "stamp-local", frame_id: "local-named", content_digest: fake("3") };
    const held = [served, neverServed, swapped, localNamed];
    const out = await host.verifyFrames(held);

    // On the wire: identities only, under the declared name (V1, D5).
    assert.equal(requests.length, 1);
    assert.deepEqual(
      requests[0]!.request.frames,
      held.map((f) => ({ ...f, provider_id: "stamp" })),
    );
    // A verdict matching the sent identity exactly is taken at its word: the host alone cannot tell a
    // rubber stamp from an honest "valid" (the conformance suite's verify-honesty check does).
    assert.deepEqual(out.retained, [served, neverServed]);
    // A "valid" naming another digest, or the host's local id instead of what was sent, is no verdict for it.
    assert.deepEqual(out.dropped, [
      { frame: swapped, reason: { kind: "unknown" }, warrantsRequery: true },
      { frame: localNamed, reason: { kind: "unknown" }, warrantsRequery: true },
    ]);
    // The verdict for an identity never sent is ignored: nothing outside `held` appears.
    assert.equal(out.retained.length + out.dropped.length, held.length);
    assert.ok(![...out.retained, ...out.dropped.map((d) => d.frame)].some((f) => f.frame_id === "phantom"));
  });

  test("hollow verify: verified with no verdicts (or only unknown) drops every identity as unknown, re-query warranted (V2, V3)", async () => {
    for (const hollow of ["empty", "unknown"] as const) {
      const inner = twoFrames("hollow");
      const provider = distorted(inner, (reply, envelope) =>
        envelope.type === "verify"
          ? {
              type: "verified",
              response: {
                verdicts:
                  hollow === "empty"
                    ? []
                    : envelope.request.frames.map((frame) => ({ frame, status: "unknown" as const })),
              },
            }
          : reply,
      );
      const host = new Host();
      await host.add("hollow", inPageTransport(provider));
      const held = legOf((await host.queryAll(Q))[0], "frames").frames.map((f) => f.frameId);
      assert.equal(held.length, 2);
      const out = await host.verifyFrames(held);
      assert.deepEqual(out.retained, [], hollow);
      assert.deepEqual(
        out.dropped,
        held.map((frame) => ({ frame, reason: { kind: "unknown" }, warrantsRequery: true })),
        hollow,
      );
      // Unknown is not stale or gone: the frames are not revoked, a re-query serves them again.
      assert.equal(legOf((await host.queryAll(Q))[0], "frames").frames.length, 2, hollow);
    }
  });
});
