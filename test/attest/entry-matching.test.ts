// Which frame an attestation entry belongs to (spec §3.12, F9): when a result repeats a frame id, the entry
// goes to the first frame with it, and a signer's key id may be derived from its public key.
import assert from "node:assert/strict";
import { test } from "node:test";
import * as noble from "@noble/ed25519";
import {
  type ContextFrame,
  fromHex,
  signerFromSeed,
  signFrameAttestation,
  toHex,
  verifyResultAttestations,
} from "../support/lib.ts";

const frame: ContextFrame = {
  id: "a",
  kind: "doc",
  title: "a",
  content: "alpha",
  content_digest: "sha256:8ed3f6ad685b959ead7022518e1af76cd816f8e8ec7ccdda1ed4018e8f2223f8",
  score: 0.5,
  token_cost: 2,
  citation_label: "a",
};

test("an entry for a repeated frame id goes to the first frame with that id", async () => {
  const signer = await signerFromSeed("1d".repeat(32), { keyId: "k", attesterId: "docs" });
  const entry = await signFrameAttestation("docs", frame, signer);
  const report = await verifyResultAttestations(
    { frames: [frame, { ...frame }], frame_attestations: [entry] },
    "docs",
    [signer.attesterKey],
  );
  assert.deepEqual(
    report.frames.map((s) => s.state),
    ["attested", "unattested"],
  );
});

test("a key id given as a function is derived from the public key's hex", async () => {
  const seed = "2d".repeat(32);
  const signer = await signerFromSeed(seed, { keyId: (hex) => `key-${hex.slice(0, 8)}`, attesterId: "docs" });
  const expected = toHex(await noble.getPublicKeyAsync(fromHex(seed, 32)!));
  assert.equal(signer.attesterKey.key_id, `key-${expected.slice(0, 8)}`);
  assert.equal(signer.attesterKey.public_key, expected);
});
