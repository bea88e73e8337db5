// The strict rule's point decoding against an independent implementation (RFC 8032 §5.1.3, spec §3.10):
// for many encodings, on the curve or not, isAcceptablePublicKey says what @noble/ed25519's strict decoder
// (zip215 off) and its small-order test say, and every genuine public key is accepted.
import assert from "node:assert/strict";
import { test } from "node:test";
import * as noble from "@noble/ed25519";
import { fromHex, toHex, isAcceptablePublicKey } from "../support/lib.ts";

/** noble's verdict: a point it decodes strictly that is not of small order. */
function nobleAccepts(bytes: Uint8Array): boolean {
  try {
    return !noble.Point.fromBytes(bytes, false).isSmallOrder();
  } catch {
    return false;
  }
}

/** The encoding of y (little-endian), with the sign bit set when `sign`. */
function encoding(y: bigint, sign: boolean): Uint8Array {
  const bytes = new Uint8Array(32);
  for (let i = 0, v = y; i < 32; i++, v >>= 8n) bytes[i] = Number(v & 0xffn);
  if (sign) bytes[31]! |= 0x80;
  return bytes;
}

test("for y = 0…299 with either sign, on the curve or not, the verdict is noble's", () => {
  let accepted = 0;
  for (let y = 0n; y < 300n; y++) {
    for (const sign of [false, true]) {
      const bytes = encoding(y, sign);
      const expected = nobleAccepts(bytes);
      assert.equal(isAcceptablePublicKey(bytes), expected, `${toHex(bytes)}: noble says ${expected}`);
      if (expected) accepted++;
    }
  }
  // About half of all y are on the curve: both verdicts must occur often for the comparison to mean anything.
  assert.ok(accepted > 200 && accepted < 400, `${accepted} of 600 accepted`);
});

test("the public keys of 64 seeds are all acceptable", async () => {
  for (let i = 0; i < 64; i++) {
    const seed = fromHex(i.toString(16).padStart(2, "0").repeat(32), 32)!;
    const publicKey = await noble.getPublicKeyAsync(seed);
    assert.equal(isAcceptablePublicKey(publicKey), true, toHex(publicKey));
  }
});
