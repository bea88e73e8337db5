// The field encodings of spec §3.3 past the vectors: enc_opt of absent, null and empty text, and strings
// longer than the preimage's first buffer (so it grows). Expected bytes are built with TextEncoder and DataView.
import assert from "node:assert/strict";
import { test } from "node:test";
import { encodeLink, encOpt, encStr } from "../support/lib.ts";

/** 4-byte big-endian length, then the UTF-8 bytes: written out independently of the preimage. */
function expectedStr(text: string): Uint8Array {
  const bytes = new TextEncoder().encode(text);
  const out = new Uint8Array(4 + bytes.length);
  new DataView(out.buffer).setUint32(0, bytes.length);
  out.set(bytes, 4);
  return out;
}

test("enc_opt is 00 for absent and null, and 01 then enc_str for present text, even empty", () => {
  assert.deepEqual(encOpt(undefined), Uint8Array.of(0x00));
  assert.deepEqual(encOpt(null), Uint8Array.of(0x00));
  assert.deepEqual(encOpt(""), Uint8Array.of(0x01, 0, 0, 0, 0));
  assert.deepEqual(encOpt("ab"), Uint8Array.of(0x01, 0, 0, 0, 2, 0x61, 0x62));
});

test("a string of 3,000 UTF-8 bytes is encoded whole, past the preimage's first buffer", () => {
  const text = `${"é".repeat(1000)}${"€".repeat(333)}x`;
  assert.deepEqual(encStr(text), expectedStr(text));
  const opt = encOpt(text);
  assert.equal(opt[0], 0x01);
  assert.deepEqual(opt.subarray(1), expectedStr(text));
});

test("each encoding owns a buffer of exactly its length, so hashing its .buffer hashes nothing else", () => {
  assert.equal(encStr("ab").buffer.byteLength, 6);
  assert.equal(encOpt("ab").buffer.byteLength, 7);
  assert.equal(encodeLink({ type: "file" }).buffer.byteLength, 13);
});
