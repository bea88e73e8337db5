// reflectionScrubber (C8): what counts as a reflection of a credential, and that finding them stays linear.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { bestCpuMillis } from "../../support/cpu-time.ts";
import { reflectionScrubber, scrubStrings } from "../../support/lib.ts";

const SECRET = "cgp-tok-7f3a9c2e5b1d8064";
const scrub = reflectionScrubber(SECRET);

describe("reflectionScrubber", () => {
  test("the whole token, a case-changed copy and any 8-character piece are redacted", () => {
    assert.equal(scrub(`a ${SECRET} b`), "a <redacted> b");
    assert.equal(scrub(`a ${SECRET.toUpperCase()} b`), "a <redacted> b");
    assert.equal(scrub("a cGP-Tok-7F3a9C2e5B1d8064 b"), "a <redacted> b");
    assert.equal(scrub(`[${SECRET.slice(5, 13)}]`), "[<redacted>]");
    assert.equal(
      scrub(`${SECRET.slice(0, 8)}|${SECRET.slice(8, 16)}|${SECRET.slice(16)}`),
      "<redacted>|<redacted>|<redacted>",
    );
  });

  test("7 characters of the token, or text with none of it, come back as the same string", () => {
    for (const text of [SECRET.slice(0, 7), `x${SECRET.slice(17)}x`, "", "plain content, no token", "ünïcödé 🦀"]) {
      assert.equal(scrub(text), text);
    }
  });

  test("the token's other spellings are redacted from 8 characters of it: reversed, percent-encoded, base64, base64url", () => {
    const piece = SECRET.slice(3, 11);
    const percent = (text: string) => [...Buffer.from(text)].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");
    assert.equal(scrub(`<${[...piece].reverse().join("")}>`), "<<redacted>>");
    assert.equal(scrub(`<${percent(piece)}>`), "<<redacted>>");
    assert.equal(scrub(`<${percent(piece).toUpperCase()}>`), "<<redacted>>");
    assert.equal(scrub(`<${encodeURIComponent("a+b/c=d-e_f~g")}>`), `<${encodeURIComponent("a+b/c=d-e_f~g")}>`);
    // A piece starting at each of the three byte alignments, encoded on its own as a proxy would.
    for (const start of [0, 1, 2, 7]) {
      const bytes = Buffer.from(SECRET.slice(start, start + 8));
      for (const encoding of ["base64", "base64url"] as const) {
        const encoded = bytes.toString(encoding);
        assert.match(scrub(`<${encoded}>`), /^<<redacted>.{0,3}>$/, `${encoding} from ${start}: ${encoded}`);
      }
    }
  });

  test("7 characters of the token reversed or percent-encoded, or 5 in base64, come back as they were", () => {
    const piece = SECRET.slice(3, 10);
    for (const text of [
      [...piece].reverse().join(""),
      [...Buffer.from(piece)].map((b) => `%${b.toString(16)}`).join(""),
      Buffer.from(piece.slice(0, 5)).toString("base64"),
      Buffer.from(piece.slice(1, 6)).toString("base64url"),
    ]) {
      assert.equal(scrub(`<${text}>`), `<${text}>`);
    }
  });

  test("overlapping or touching reflections become one placeholder; separate ones stay separate", () => {
    assert.equal(scrub(`${SECRET}${SECRET}`), "<redacted>");
    assert.equal(scrub(`${SECRET} and ${SECRET}`), "<redacted> and <redacted>");
  });

  test("only ASCII letters fold: a non-ASCII look-alike is not the token", () => {
    // Every 8-character window holds an ß, whose upper case "SS" is two other characters.
    const secret = "Straße-ßtok-ßen-ß01";
    assert.equal(reflectionScrubber(secret)(`x ${secret.toUpperCase()} y`), `x ${secret.toUpperCase()} y`);
    assert.equal(reflectionScrubber(secret)(`x STRAßE-ßTOK-ßEN-ß01 y`), "x <redacted> y");
  });

  test("a secret shorter than 8 characters is redacted only whole and as it is; an empty one never", () => {
    const short = reflectionScrubber("Tok-42");
    assert.equal(short("a tok-42 b Tok-4"), "a <redacted> b Tok-4");
    assert.equal(short(`24-koT ${btoa("Tok-42")} Tok%2D42`), `24-koT ${btoa("Tok-42")} Tok%2D42`);
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
    // The same for its percent-escaped spelling: a text of "%61"s.
    const worst = reflectionScrubber("a".repeat(24));
    const best = (text: string) => bestCpuMillis(() => worst(text));
    for (const unit of ["a", "%61"]) {
      await best(unit.repeat(10_000)); // warm-up
      const small = await best(unit.repeat(50_000));
      const large = await best(unit.repeat(800_000));
      assert.ok(large / small < 64, `800k ${unit} took ${large.toFixed(1)} ms, 50k took ${small.toFixed(1)} ms`);
      assert.equal(worst(unit.repeat(100)), "<redacted>");
    }
  });
});
