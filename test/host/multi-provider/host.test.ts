// Host: consent, fan-out with audits and isolation, trust tiers, revalidation (spec §4.5–§4.7, §3.13).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { consentReceipt, Host, HostError, inPageTransport, signerFromSeed } from "../../support/lib.ts";
import { candidate, echoProvider } from "../../support/providers.ts";

const Q = { goal: "g", max_frames: 4, max_tokens: 100 };

describe("Host", () => {
  test("an egress provider gets no query before consent (C1, C2); scopes need receipts, not a boolean (C6)", async () => {
    let queries = 0;
    const host = new Host();
    const egress = echoProvider({
      info: { name: "cloud", version: "1", data_flow: { reads: true, egress: true } },
      query: () => (queries++, [candidate("c", "cloud")]),
    });
    const scoped = echoProvider({
      info: { name: "scoped", version: "1", data_flow: { egress: true, egress_scopes: ["third-party-model"] } },
      query: () => (queries++, [candidate("s", "scoped")]),
    });
    await host.add("cloud", inPageTransport(egress));
    await host.add("scoped", inPageTransport(scoped));
    const before = await host.queryAll(Q);
    assert.deepEqual(
      before.map((l) => l.outcome),
      ["consent_required", "consent_scope_required"],
    );
    assert.equal(queries, 0, "no payload left before consent");
    host.consent.grant("cloud", egress.info.data_flow as never, "docs search");
    host.consent.grant("scoped", scoped.info.data_flow as never, "a boolean record does not open a scope gate");
    const middle = await host.queryAll(Q);
    assert.deepEqual(
      middle.map((l) => l.outcome),
      ["frames", "consent_scope_required"],
    );
    host.consent.recordReceipt(
      consentReceipt({
        providerId: "scoped",
        scope: "third-party-model",
        provider: { name: "scoped", version: "1" },
        grantor: { kind: "human", id: "ops@example.com" },
      }),
    );
    assert.deepEqual(
      (await host.queryAll(Q)).map((l) => l.outcome),
      ["frames", "frames"],
    );
    host.consent.revoke("cloud");
    assert.equal((await host.queryAll(Q))[0]?.outcome, "consent_required");
  });

  test("fan-out isolates a failing, a lying and a flooding provider; the honest one's frames come back", async () => {
    const host = new Host();
    await host.add("honest", inPageTransport(echoProvider()));
    await host.add("crashing", inPageTransport(echoProvider({ query: () => Promise.reject(new Error("boom")) })));
    const liar = echoProvider();
    await host.add(
      "liar",
      inPageTransport({
        handle: async (e, s) => {
          const r = await liar.handle(e, s);
          return r?.type === "frames"
            ? { ...r, result: { ...r.result, frames: r.result.frames.map((f) => ({ ...f, token_cost: 1000 })) } }
            : r;
        },
      }),
    );
    const legs = await host.queryAll(Q);
    assert.deepEqual(
      legs.map((l) => [l.provider, l.outcome]),
      [
        ["honest", "frames"],
        ["crashing", "failed"],
        ["liar", "budget_lie"],
      ],
    );
    const honest = legs[0];
    assert.ok(
      honest?.outcome === "frames" && honest.frames.length === 1 && honest.frames[0]?.frameId.provider_id === "honest",
    );
  });

  test("attestations: a pinned key is the trust anchor, a published one the construction anchor; neither drops a frame (F9)", async () => {
    const signer = await signerFromSeed("6e".repeat(32), { keyId: "echo-1", attesterId: "echo" });
    const provider = echoProvider({ signer });
    const published = new Host();
    await published.add("echo", inPageTransport(provider));
    const [leg] = await published.queryAll(Q);
    assert.ok(leg?.outcome === "frames");
    assert.deepEqual(leg.frames[0]?.attestation, {
      state: "attested",
      keyId: "echo-1",
      attesterId: "echo",
      coversContent: true,
      anchor: "handshake",
    });
    const pinned = new Host({ pinnedKeys: { echo: [signer.attesterKey] } });
    await pinned.add("echo", inPageTransport(provider));
    const [pinnedLeg] = await pinned.queryAll(Q);
    assert.ok(pinnedLeg?.outcome === "frames" && pinnedLeg.frames[0]?.attestation.anchor === "pinned");
    const other = await signerFromSeed("7f".repeat(32), { keyId: "echo-1", attesterId: "echo" });
    const wrongPin = new Host({ pinnedKeys: { echo: [other.attesterKey] } });
    await wrongPin.add("echo", inPageTransport(provider));
    const [wrongLeg] = await wrongPin.queryAll(Q);
    assert.ok(wrongLeg?.outcome === "frames" && wrongLeg.frames.length === 1, "the frame is kept (F9)");
    assert.equal(wrongLeg.frames[0]?.attestation.state, "invalid");
  });

  test("verifyFrames partitions held identities; stale and gone ones are never served again (V1–V4)", async () => {
    let digest = "";
    const provider = echoProvider({ verify: (id) => (id === "echo:g" ? { digest } : "gone") });
    const host = new Host();
    await host.add("echo", inPageTransport(provider));
    const [leg] = await host.queryAll(Q);
    assert.ok(leg?.outcome === "frames");
    const held = leg.frames[0]!.frameId;
    digest = held.content_digest!;
    const missing = { provider_id: "nobody", frame_id: "x", content_digest: digest };
    const bare = { provider_id: "echo", frame_id: "echo:g" };
    const valid = await host.verifyFrames([held, missing, bare]);
    assert.deepEqual(valid.retained, [held]);
    assert.deepEqual(valid.dropped.map((d) => d.reason.kind).sort(), ["no_digest", "unknown_provider"]);
    digest = `sha256:${"f".repeat(64)}`;
    const stale = await host.verifyFrames([held]);
    assert.equal(stale.dropped[0]?.reason.kind, "stale");
    assert.equal(stale.dropped[0]?.warrantsRequery, true);
    const [again] = await host.queryAll(Q);
    assert.ok(again?.outcome === "frames" && again.frames.length === 0 && again.revoked === 1);
  });

  test("query(localId) is a consent_scope_required leg naming the missing scopes, and sends nothing", async () => {
    let calls = 0;
    const scoped = echoProvider({
      info: {
        name: "scoped",
        version: "1",
        data_flow: { egress: true, egress_scopes: ["org-tenant", "acme:vectors"] },
      },
      query: () => (calls++, []),
    });
    const host = new Host();
    await host.add("scoped", inPageTransport(scoped));
    const gated = await host.query("scoped", Q);
    assert.ok(gated.outcome === "consent_scope_required", gated.outcome);
    assert.deepEqual(gated.missing, ["org-tenant", "acme:vectors"]);
    await assert.rejects(
      host.query("nobody", Q),
      (e: unknown) => e instanceof HostError && e.kind === "unknown_provider",
    );
    assert.equal(calls, 0);
    host.consent.recordReceipt(
      consentReceipt({
        providerId: "scoped",
        scope: "org-tenant",
        provider: { name: "scoped", version: "1" },
        grantor: { kind: "policy", id: "tenant-policy" },
      }),
    );
    host.consent.recordReceipt(
      consentReceipt({
        providerId: "scoped",
        scope: "acme:vectors",
        provider: { name: "scoped", version: "1" },
        grantor: { kind: "policy", id: "tenant-policy" },
      }),
    );
    assert.equal((await host.query("scoped", Q)).outcome, "frames");
    assert.equal(calls, 1);
  });
});
