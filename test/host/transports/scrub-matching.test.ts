// What reflectionScrubber counts as the same text as the credential (C8): ASCII letters fold, A and Z
// included, and nothing else does; a window of text is compared unit by unit, not trusted on its hash; and
// a run of matching windows, which the scrubber extends one unit at a time, covers exactly what matches.
import assert from "node:assert/strict";
import { test } from "node:test";
import { reflectionScrubber } from "../../support/lib.ts";

test("the whole A–Z range folds: a reflection spelled with A or Z instead of a or z is the token", () => {
  const scrub = reflectionScrubber("azimuth-zebra-aa");
  assert.equal(scrub("AZIMUTH-ZEBRA-AA"), "<redacted>");
});

test("only letters fold: ';' is not '[' (59 + 32 = 91), so a text differing there is left alone", () => {
  const scrub = reflectionScrubber("abcdefg;hijklmn;");
  const text = "abcdefg[hijklmn[";
  assert.equal(scrub(text), text);
});

test("a window with the same rolling hash as a piece of the token, but other units, is left alone", () => {
  // The scrubber hashes 8-unit windows as Σ unit·0x01000193^(7−k) mod 2³². Raising the 7th unit by
  // 41471 and the 8th by 64403 keeps that sum: 41471 · 0x01000193 + 64403 = 162 · 2³². Worked out by
  // hand; the text shares 6 units of the token (fewer than 8), so only the hash could call it a hit.
  const secret = "tok-7faa";
  const colliding = `tok-7f${String.fromCharCode(0x61 + 41471, 0x61 + 64403)}`;
  assert.equal((41471 * 0x01000193 + 64403) % 2 ** 32, 0);
  assert.equal(reflectionScrubber(secret)(`x ${colliding} y`), `x ${colliding} y`);
  assert.equal(reflectionScrubber(secret)(`x ${secret} y`), "x <redacted> y");
});

test("a 9-character token reflected whole is redacted whole: its second window counts too", () => {
  const secret = "abcdefghi";
  assert.equal(reflectionScrubber(secret)(`<${secret}>`), "<<redacted>>");
});

test("a run extends only while the next unit continues the token, not on a unit from elsewhere in it", () => {
  const secret = "abcdefghijklmnopqrstuvwxyz0123";
  // The token's units 12–19, then its unit 0 where its unit 20 would continue it.
  const text = `${secret.slice(12, 20)}a!`;
  assert.equal(reflectionScrubber(secret)(text), "<redacted>a!");
});
