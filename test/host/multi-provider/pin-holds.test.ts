// A pin holds (spec §3.13: the operator's anchors outrank what the handshake says). With key `real-1` pinned
// for a provider, an answer signed under a fresh key `evil-1` that the handshake publishes is not trusted; and
// an ack that lists one key_id twice is a named handshake violation under which neither key is trusted.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Host, inPageTransport, signerFromSeed } from "../../support/lib.ts";
import { distorted, legOf } from "../../support/host/adversaries.ts";
import { candidate, echoProvider } from "../../support/providers.ts";

const Q = { goal: "g", max_frames: 4, max_tokens: 100 };

describe("a pin holds against a new key id (issue 24.1)", () => {
  test("real-1 pinned, the answer signed under a published evil-1: no frame and not the root is attested", async () => {
    const real = await signerFromSeed("71".repeat(32), { keyId: "real-1", attesterId: "docs" });
    const evil = await signerFromSeed("72".repeat(32), { keyId: "evil-1", attesterId: "docs" });
    const host = new Host({ pinnedKeys: { docs: [real.attesterKey] } });
    const provider = echoProvider({ signer: evil, query: () => [candidate("a", "alpha"), candidate("b", "beta")] });
    await host.add("docs", inPageTransport(provider));
    assert.deepEqual(host.connection("docs")?.attesterKeys, [evil.attesterKey], "the handshake publishes evil-1");
    const leg = legOf((await host.queryAll(Q))[0], "frames");
    await host.close();
    assert.deepEqual(leg.resultAttestation, { state: "no_trusted_key", keyId: "evil-1" });
    assert.deepEqual(
      leg.frames.map((f) => f.attestation.state),
      ["no_trusted_key", "no_trusted_key"],
    );
    assert.equal(leg.frames.length, 2, "untrusted frames are kept, not dropped (F9)");
  });

  test("control: the same provider signing under the pinned real-1 is attested with anchor pinned", async () => {
    const real = await signerFromSeed("71".repeat(32), { keyId: "real-1", attesterId: "docs" });
    const host = new Host({ pinnedKeys: { docs: [real.attesterKey] } });
    await host.add("docs", inPageTransport(echoProvider({ signer: real })));
    const leg = legOf((await host.queryAll(Q))[0], "frames");
    await host.close();
    assert.deepEqual(leg.resultAttestation, {
      state: "attested",
      keyId: "real-1",
      attesterId: "docs",
      coversContent: true,
      anchor: "pinned",
    });
  });
});

describe("an ack that lists one key_id twice (issue 24.2)", () => {
  test("is a named §3.13 handshake violation, and neither key is trusted for that id", async () => {
    const honest = await signerFromSeed("81".repeat(32), { keyId: "k-1", attesterId: "docs" });
    const second = await signerFromSeed("82".repeat(32), { keyId: "k-1", attesterId: "docs" });
    // The honest provider signs with the first key; its ack lists a second, different key under the same id, last.
    const provider = distorted(echoProvider({ signer: honest }), async (reply) =>
      reply?.type === "handshake_ack" ? { ...reply, attester_keys: [honest.attesterKey, second.attesterKey] } : reply,
    );
    const host = new Host();
    const connection = await host.add("docs", inPageTransport(provider));
    assert.deepEqual(
      connection.violations.map((v) => [v.anchor, v.path]),
      [["§3.13", "attester_keys[1].key_id"]],
    );
    const leg = legOf((await host.queryAll(Q))[0], "frames");
    await host.close();
    assert.deepEqual(leg.resultAttestation, { state: "no_trusted_key", keyId: "k-1" }, "not judged by the last entry");
    for (const frame of leg.frames) assert.deepEqual(frame.attestation, { state: "no_trusted_key", keyId: "k-1" });
  });

  test("control: the same ack listing the key once verifies the same answer", async () => {
    const honest = await signerFromSeed("81".repeat(32), { keyId: "k-1", attesterId: "docs" });
    const host = new Host();
    const connection = await host.add("docs", inPageTransport(echoProvider({ signer: honest })));
    assert.deepEqual(connection.violations, []);
    const leg = legOf((await host.queryAll(Q))[0], "frames");
    await host.close();
    assert.equal(leg.resultAttestation.state, "attested");
  });
});
