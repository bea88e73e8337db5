// Signers and producing attestations (spec §3.9, §3.10, F14).
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, test } from "node:test";
import {
  AttestationError,
  attestResult,
  type ContextFrame,
  contentDigest,
  isTimestamp,
  signerFromKeyPair,
  signerFromSeed,
  signFrameAttestation,
  verifyResultAttestations,
} from "../support/lib.ts";

const SEED = "5a".repeat(32);
const frame = (id: string, content?: string): ContextFrame => ({
  id,
  kind: "doc",
  title: id,
  ...(content === undefined ? {} : { content }),
  score: 0.5,
  token_cost: 1,
  citation_label: id,
});

describe("signers", () => {
  test("signerFromSeed refuses a malformed seed with AttestationError, without quoting it", async () => {
    for (const seed of ["5A".repeat(32), "5a".repeat(31), "zz".repeat(32), ""]) {
      await assert.rejects(signerFromSeed(seed, { keyId: "k", attesterId: "a" }), (error: unknown) => {
        assert.ok(error instanceof AttestationError);
        assert.equal(error.code, "invalid_seed");
        assert.ok(!error.message.includes(seed) || seed === "");
        return true;
      });
    }
  });

  test("signerFromKeyPair signs with a non-extractable WebCrypto key and publishes its raw public key", async () => {
    const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, false, ["sign", "verify"])) as CryptoKeyPair;
    const signer = await signerFromKeyPair(pair, { keyId: "webcrypto-1", attesterId: "docs" });
    assert.match(signer.attesterKey.public_key, /^[0-9a-f]{64}$/);
    assert.equal(signer.attesterKey.algorithm, "ed25519");
    const signed = await attestResult({ frames: [frame("a", "alpha")], truncated: false }, "docs", signer);
    const report = await verifyResultAttestations(signed, "docs", [signer.attesterKey]);
    assert.equal(report.result.state, "attested");
  });

  test("rotation is a new key id: attestations under the old id find no key in a list with only the new one", async () => {
    const old = await signerFromSeed(SEED, { keyId: "docs-2026-08", attesterId: "docs" });
    const rotated = await signerFromSeed("6b".repeat(32), { keyId: "docs-2026-09", attesterId: "docs" });
    const signed = await attestResult({ frames: [frame("a", "alpha")], truncated: false }, "docs", old);
    const report = await verifyResultAttestations(signed, "docs", [rotated.attesterKey]);
    assert.deepEqual(report.result, { state: "no_trusted_key", keyId: "docs-2026-08" });
  });
});

describe("producing attestations", () => {
  test("contentDigest is the SHA-256 of the UTF-8 bytes, for small content and for content large enough for WebCrypto", async () => {
    for (const content of ["", "café — 日本 🦀", "x".repeat(64 * 1024 - 1), "é".repeat(100_000)]) {
      assert.equal(
        await contentDigest(content),
        `sha256:${createHash("sha256").update(content, "utf8").digest("hex")}`,
        `${content.length} chars`,
      );
    }
  });

  test("attestResult fills content_digest from inline content (F14) and signs exactly the frames returned (F12)", async () => {
    const signer = await signerFromSeed(SEED, { keyId: "k", attesterId: "docs" });
    const signed = await attestResult(
      { frames: [frame("b", "beta"), frame("a", "alpha"), frame("ref")], truncated: true, dropped_estimate: 4 },
      "docs",
      signer,
    );
    assert.equal(signed.frames[0]?.content_digest, await contentDigest("beta"));
    assert.equal(signed.frames[2]?.content_digest, undefined);
    assert.equal(signed.truncated, true);
    assert.equal(signed.dropped_estimate, 4);
    assert.deepEqual(
      signed.frame_attestations?.map((entry) => entry.frame.frame_id),
      ["b", "a", "ref"],
    );
    assert.ok(isTimestamp(signed.result_attestation?.issued_at ?? ""));
    assert.ok(!signed.result_attestation?.issued_at.includes("."));
    const report = await verifyResultAttestations(signed, "docs", [signer.attesterKey]);
    assert.deepEqual(
      report.frames.map((state) => state.state === "attested" && state.coversContent),
      [true, true, false],
    );
  });

  test("an empty result signs the empty root and verifies", async () => {
    const signer = await signerFromSeed(SEED, { keyId: "k", attesterId: "docs" });
    const signed = await attestResult({ frames: [], truncated: false }, "docs", signer);
    assert.deepEqual(signed.frame_attestations, []);
    assert.equal((await verifyResultAttestations(signed, "docs", [signer.attesterKey])).result.state, "attested");
  });

  test("signFrameAttestation refuses a frame without content_digest (F14)", async () => {
    const signer = await signerFromSeed(SEED, { keyId: "k", attesterId: "docs" });
    await assert.rejects(
      signFrameAttestation("docs", frame("a", "alpha"), signer),
      (error: unknown) => error instanceof AttestationError && error.code === "unsigned_frame",
    );
  });
});
