// reflectionScrubber (C8): what counts as a reflection of a credential, and that finding them stays linear.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { reflectionScrubber, scrubStrings } from "../../src/host/transports/scrub.ts";
import { bestCpuMillis } from "../support/cpu-time.ts";

const SECRET = "cgp-tok-7f3a9c2e5b1d8064";
const scrub = reflectionScrubber(SECRET);

describe("reflectionScrubber", () => {
  test("the whole token, a case-changed copy and any 12-character piece are redacted", () => {
    assert.equal(scrub(`a ${SECRET} b`), "a <redacted> b");
    assert.equal(scrub(`a ${SECRET.toUpperCase()} b`), "a <redacted> b");
    assert.equal(scrub("a cGP-Tok-7F3a9C2e5B1d8064 b"), "a <redacted> b");
    assert.equal(scrub(`[${SECRET.slice(5, 17)}]`), "[<redacted>]");
    assert.equal(scrub(`${SECRET.slice(0, 12)}|${SECRET.slice(12)}`), "<redacted>|<redacted>");
  });

  test("11 characters of the token, or text with none of it, come back as the same string", () => {
    for (const text of [SECRET.slice(0, 11), `x${SECRET.slice(13)}x`, "", "plain content, no token", "ünïcödé 🦀"]) {
      assert.equal(scrub(text), text);
    }
  });

  test("overlapping or touching reflections become one placeholder; separate ones stay separate", () => {
    assert.equal(scrub(`${SECRET}${SECRET}`), "<redacted>");
    assert.equal(scrub(`${SECRET} and ${SECRET}`), "<redacted> and <redacted>");
  });

  test("only ASCII letters fold: a non-ASCII look-alike is not the token", () => {
    const secret = "Straße-token-ß-0001";
    assert.equal(reflectionScrubber(secret)(`x ${secret.toUpperCase()} y`), `x ${secret.toUpperCase()} y`);
    assert.equal(reflectionScrubber(secret)(`x STRAßE-TOKEN-ß-0001 y`), "x <redacted> y");
  });

  test("a secret shorter than 12 characters is redacted only whole; an empty one never", () => {
    const short = reflectionScrubber("Tok-42");
    assert.equal(short("a tok-42 b Tok-4"), "a <redacted> b Tok-4");
    assert.equal(reflectionScrubber("")("anything"), "anything");
  });

  test("scrubStrings reaches every string member of a decoded value, nested in objects and arrays", () => {
    const value = { a: SECRET, b: [1, { c: `x${SECRET}` }, true, null], d: { e: "kept" } };
    assert.deepEqual(scrubStrings(value, scrub), {
      a: "<redacted>",
      b: [1, { c: "x<redacted>" }, true, null],
      d: { e: "kept" },
    });
  });

  test("the work is linear in the text, even for a secret and a text built to make a naive search quadratic", async () => {
    // A secret of 24 "a"s against a text of "a"s: every window is a hit. Linear growth makes 16× the text
    // cost ~16× the time, a quadratic search 256×; the bound of 64× leaves 4× for a loaded machine (a
    // garbage collection landing in the larger run measured up to 2.4× here). CPU time, the best of five
    // runs: other processes on the machine do not inflate it.
    const worst = reflectionScrubber("a".repeat(24));
    const best = (text: string) => bestCpuMillis(() => worst(text));
    await best("a".repeat(10_000)); // warm-up
    const small = await best("a".repeat(50_000));
    const large = await best("a".repeat(800_000));
    assert.ok(large / small < 64, `800k chars took ${large.toFixed(1)} ms, 50k took ${small.toFixed(1)} ms`);
    assert.equal(worst("a".repeat(100)), "<redacted>");
  });
});
