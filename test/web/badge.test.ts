// The playground's badges in words (web/host/badge.ts): each attestation state the host reports (spec §3.13)
// becomes one tone, one label and a detail that says why, with the key's tier; every string a provider sent
// (key id, attester id, algorithm, signed digest) is isolated in the words. Drawn in Chromium by
// test/e2e/playground-offline.test.ts; here the words themselves.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { badgeOf } from "../../web/host/badge.ts";

const FSI = "\u2068";
const PDI = "\u2069";

describe("a frame's badge", () => {
  test("a signature over content that still hashes to its digest, by a pinned key: verified, pinned tier", () => {
    const badge = badgeOf({
      state: "attested",
      keyId: "k1",
      attesterId: "docs",
      coversContent: true,
      anchor: "pinned",
    });
    assert.deepEqual(badge, {
      tone: "verified",
      label: "Verified",
      detail: `Signed by key ${FSI}k1${PDI} (pinned by you; the attester "${FSI}docs${PDI}" is not signed); the content matches its digest.`,
      verdict: "valid",
      keyId: "k1",
      tier: "pinned",
    });
  });

  test("a key published in the handshake (no anchor given reads as that tier)", () => {
    const badge = badgeOf({ state: "attested", keyId: "k1", attesterId: "docs", coversContent: true });
    assert.equal(badge.tier, "handshake");
    assert.match(badge.detail, /published in the handshake, not pinned/);
  });

  test("a signature that covers no content (no content_digest, F15): identity only, for a frame and for a root", () => {
    const outcome = { state: "attested", keyId: "k1", attesterId: "a", coversContent: false } as const;
    const frame = badgeOf(outcome);
    assert.equal(frame.tone, "identity");
    assert.equal(frame.label, "Identity only");
    assert.equal(frame.verdict, "valid_identity_only");
    assert.match(frame.detail, /but this frame has no content_digest: its bytes are not covered \(F15\)\.$/);
    assert.match(badgeOf(outcome, "the result").detail, /but a frame of the result has no content_digest/);
    assert.match(
      badgeOf({ ...outcome, coversContent: true }, "the result").detail,
      /; every frame's content matches its digest\.$/,
    );
  });

  test("content altered after signing: invalid, naming the signed and the recomputed digest", () => {
    const badge = badgeOf({
      state: "invalid",
      verdict: { kind: "content_mismatch", signed: "sha256:aa", recomputed: "sha256:bb" },
    });
    assert.deepEqual(badge, {
      tone: "invalid",
      label: "Invalid: content altered",
      detail: `Verification failed: the signature covers content_digest ${FSI}sha256:aa${PDI}; the content now hashes to sha256:bb.`,
      verdict: "content_mismatch",
    });
  });

  test("every other failed verdict: invalid, its kind in words and its cause", () => {
    const cases = [
      [
        { kind: "commitment_mismatch", signed: "s", expected: "e" },
        "Invalid: commitment mismatch",
        `its id, content_digest or provenance is not what was signed (signed ${FSI}s${PDI}, recomputed e)`,
      ],
      [{ kind: "bad_signature" }, "Invalid: bad signature", "the signature does not verify under the key"],
      [{ kind: "unknown_algorithm", algorithm: "rsa" }, "Invalid: unknown algorithm", `${FSI}rsa${PDI} is not an`],
      [{ kind: "malformed_key" }, "Invalid: malformed key", "the key is malformed"],
      [{ kind: "malformed_signature" }, "Invalid: malformed signature", "the signature is malformed"],
      [{ kind: "malformed_commitment" }, "Invalid: malformed commitment", "the commitment is malformed"],
    ] as const;
    for (const [verdict, label, words] of cases) {
      const badge = badgeOf({ state: "invalid", verdict });
      assert.equal(badge.tone, "invalid");
      assert.equal(badge.label, label);
      assert.equal(badge.verdict, verdict.kind);
      assert.ok(badge.detail.startsWith(`Verification failed: ${words}`), badge.detail);
    }
  });

  test("unsigned, and the three states that cannot be checked here", () => {
    assert.deepEqual(badgeOf({ state: "unattested" }), {
      tone: "unsigned",
      label: "Unsigned",
      detail: "No attestation came with this frame.",
      verdict: "unattested",
    });
    assert.equal(badgeOf({ state: "unattested" }, "the result").detail, "No attestation came with the result.");
    assert.deepEqual(badgeOf({ state: "no_trusted_key", keyId: "k9" }), {
      tone: "unchecked",
      label: "Cannot check: no key",
      detail: `Key id ${FSI}k9${PDI} is neither pinned nor published.`,
      verdict: "no_trusted_key",
      keyId: "k9",
    });
    assert.deepEqual(badgeOf({ state: "unknown_algorithm", algorithm: "p256" }), {
      tone: "unchecked",
      label: "Cannot check: algorithm",
      detail: `${FSI}p256${PDI} cannot be checked here (F8).`,
      verdict: "unknown_algorithm",
    });
    assert.deepEqual(badgeOf({ state: "unusable_evidence", reason: "no inclusion proof" }), {
      tone: "unchecked",
      label: "Cannot check: evidence",
      detail: "Unusable evidence: no inclusion proof.",
      verdict: "unusable_evidence",
    });
  });

  test("a provider's key id cannot reorder the words around it: its bidi control is a marker inside an isolate", () => {
    const badge = badgeOf({ state: "attested", keyId: "key\u202Eevil", attesterId: "a\u2069b", coversContent: true });
    assert.ok(badge.detail.includes(`key ${FSI}key⟨U+202E⟩evil${PDI} (`), badge.detail);
    assert.ok(badge.detail.includes(`"${FSI}a⟨U+2069⟩b${PDI}"`), badge.detail);
    assert.equal(badge.keyId, "key\u202Eevil", "the machine value stays as sent, for the export");
  });
});
