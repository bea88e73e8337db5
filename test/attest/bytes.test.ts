// Bytes, strict lowercase hex and the sha256:<hex> form (spec §3.1, §3.9), at the edges of each alphabet.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { digestString, fromHex, parseDigestString, toHex, concatBytes, equalBytes } from "../support/lib.ts";

describe("hex", () => {
  test("toHex writes every nibble in lowercase", () => {
    assert.equal(toHex(Uint8Array.of(0x00, 0x09, 0x0a, 0x0f, 0x10, 0x9f, 0xa0, 0xff)), "00090a0f109fa0ff");
  });

  test("fromHex reads 0–9 and a–f", () => {
    assert.deepEqual(fromHex("0009afff90", 5), Uint8Array.of(0x00, 0x09, 0xaf, 0xff, 0x90));
  });

  test("fromHex refuses the characters beside each range: / : ` g, and uppercase", () => {
    for (const bad of ["/0", "0/", ":0", "0:", "`0", "0`", "g0", "0g", "A0", "0F"])
      assert.equal(fromHex(bad, 1), undefined, bad);
  });

  test("fromHex refuses text of another length than asked", () => {
    assert.equal(fromHex("abc", 1), undefined);
    assert.equal(fromHex("ab", 2), undefined);
    assert.equal(fromHex("", 0)?.length, 0);
  });

  test("fromHex refuses a value that is not a string", () => {
    assert.equal(fromHex(12 as unknown as string, 1), undefined);
  });
});

describe("sha256:<hex>", () => {
  const hash = Uint8Array.from({ length: 32 }, (_, i) => i * 8);

  test("digestString writes the prefix and 64 lowercase hex digits", () => {
    assert.equal(digestString(hash), "sha256:0008101820283038404850586068707880889098a0a8b0b8c0c8d0d8e0e8f0f8");
  });

  test("parseDigestString reads exactly that form back", () => {
    assert.deepEqual(
      parseDigestString("sha256:0008101820283038404850586068707880889098a0a8b0b8c0c8d0d8e0e8f0f8"),
      hash,
    );
  });

  test("parseDigestString refuses another prefix, a short digest and a non-string", () => {
    assert.equal(
      parseDigestString("sha512:0008101820283038404850586068707880889098a0a8b0b8c0c8d0d8e0e8f0f8"),
      undefined,
    );
    assert.equal(parseDigestString("sha256:00"), undefined);
    assert.equal(parseDigestString(null as unknown as string), undefined);
  });
});

describe("byte helpers", () => {
  test("concatBytes joins in order", () => {
    assert.deepEqual(concatBytes(Uint8Array.of(1, 2), new Uint8Array(0), Uint8Array.of(3)), Uint8Array.of(1, 2, 3));
  });

  test("equalBytes compares length and every byte", () => {
    assert.equal(equalBytes(Uint8Array.of(1, 2, 3), Uint8Array.of(1, 2, 3)), true);
    assert.equal(equalBytes(Uint8Array.of(1, 2, 3), Uint8Array.of(1, 2)), false);
    assert.equal(equalBytes(Uint8Array.of(1, 2), Uint8Array.of(1, 2, 3)), false);
    assert.equal(equalBytes(Uint8Array.of(1, 2, 3), Uint8Array.of(1, 2, 4)), false);
    assert.equal(equalBytes(Uint8Array.of(9, 2, 3), Uint8Array.of(1, 2, 3)), false);
  });
});
