// The strict Ed25519 acceptance rule at its edges (RFC 8032 §5.1.3, spec §3.10): lengths other than 32 and
// 64 bytes, and the one encoding of x = 0 with the sign bit set that is not on the small-order list; and the
// hex reader's type check, which keys and signatures pass through first.
import assert from "node:assert/strict";
import { test } from "node:test";
import * as noble from "@noble/ed25519";
import { fromHex, isAcceptablePublicKey, isCanonicalSignature } from "../support/lib.ts";

/** y = p − 1 (so x = 0) with the sign bit set: "negative zero", which RFC 8032 decoding refuses. */
const NEGATIVE_ZERO = fromHex(`ec${"ff".repeat(31)}`, 32)!;

test("a public key of 31 or 33 bytes is not acceptable", () => {
  assert.equal(isAcceptablePublicKey(new Uint8Array(31).fill(9)), false);
  assert.equal(isAcceptablePublicKey(new Uint8Array(33).fill(9)), false);
});

test("a genuine signature cut to 63 bytes, or with a byte added, is not canonical", async () => {
  const signature = await noble.signAsync(new TextEncoder().encode("m"), fromHex("7a".repeat(32), 32)!);
  assert.equal(isCanonicalSignature(signature), true);
  assert.equal(isCanonicalSignature(signature.subarray(0, 63)), false);
  assert.equal(isCanonicalSignature(Uint8Array.of(...signature, 0)), false);
});

test("x = 0 with the sign bit set is refused as a key and as a signature's R", () => {
  assert.equal(isAcceptablePublicKey(NEGATIVE_ZERO), false);
  const signature = new Uint8Array(64);
  signature.set(NEGATIVE_ZERO, 0);
  assert.equal(isCanonicalSignature(signature), false);
});

test("fromHex refuses a non-string that has the right length", () => {
  assert.equal(fromHex({ length: 2 } as unknown as string, 1), undefined);
});
