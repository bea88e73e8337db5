// Fuzz test of the wire decoder (spec §1.1, §4.1, §4.4). From the 14 reference
// vectors, a seeded PRNG builds >100,000 random and mutated lines (byte edits,
// splices, wrong types, huge numbers, deep nesting, invalid UTF-8, prototype
// keys, long strings, garbage). Every line goes through `decodeLine`, which may
// only return one of the 8 envelopes or throw a short `WireError`; every envelope
// must re-encode to one line that decodes to the same envelope, up to f32
// rounding at float members, and whose encoding is a fixed point. A third of the
// lines also go, as raw bytes in random chunkings, through `NdjsonDecoderStream`,
// checked line by line against a model. Failures are collected by category and
// reported with the case's kind and index (reproducible from the seed), never
// its content. Object.prototype must come out untouched.
// The machinery lives in test/support/fuzz/.
import { assertPrototypeUntouched } from "../support/fuzz/prototype.ts"; // first, so its snapshot predates everything else
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { decodeLine, encodeLine } from "../support/lib.ts";
import { BOUNDARY_LINES } from "../support/fuzz/boundary-lines.ts";
import { checkDecode, emptyStats } from "../support/fuzz/checks.ts";
import { corpus, type FuzzCase, GENERATORS, oversizedLineCases, streamShare } from "../support/fuzz/corpus.ts";
import { firstDifference, withinF32Rounding } from "../support/fuzz/difference.ts";
import { Failures } from "../support/fuzz/failures.ts";
import { Rng } from "../support/fuzz/rng.ts";
import { SEEDS } from "../support/fuzz/seeds.ts";
import { RANDOM_CASES, SEED, SEED_HEX, STREAM_SHARE } from "../support/fuzz/settings.ts";
import { runBatch, runInBatches } from "../support/fuzz/stream-run.ts";

describe(`wire decoder fuzz (seed ${SEED_HEX})`, () => {
  test("the seed corpus holds 14 envelopes that decode and round-trip", () => {
    assert.equal(SEEDS.length, 14);
    const failures = new Failures();
    const stats = emptyStats();
    SEEDS.forEach((seed, i) => checkDecode({ index: i, kind: "seed", bytes: seed.bytes }, failures, stats));
    failures.assertNone();
    assert.equal(stats.envelopes, 14);
  });

  test(`decodeLine: ${RANDOM_CASES} random and mutated lines plus systematic cases (seed ${SEED_HEX})`, () => {
    const failures = new Failures();
    const stats = emptyStats();
    let total = 0;
    for (const fuzzCase of corpus()) {
      checkDecode(fuzzCase, failures, stats);
      total += 1;
    }
    failures.assertNone();
    // The harness must reach every outcome, or it is not testing much.
    assert.ok(total >= RANDOM_CASES, `only ${total} lines`);
    for (const [[kind]] of GENERATORS) assert.ok((stats.kinds.get(kind) ?? 0) > 0, `no ${kind} case generated`);
    assert.ok(stats.envelopes >= RANDOM_CASES / 20, `only ${stats.envelopes} lines decoded to envelopes`);
    for (const code of ["invalid_json", "not_an_envelope", "unknown_type", "invalid_envelope"]) {
      assert.ok((stats.codes.get(code) ?? 0) > 0, `no ${code} error seen`);
    }
  });

  test(`NdjsonDecoderStream: 1 in ${STREAM_SHARE} of those lines as bytes in random chunkings (seed ${SEED_HEX})`, async () => {
    const failures = new Failures();
    const { lines, outcomes } = await runInBatches(new Rng(SEED ^ 0x5712ea), streamShare(), failures);
    failures.assertNone();
    assert.ok(lines >= RANDOM_CASES / 5, `only ${lines} lines went through the stream`);
    for (const outcome of ["envelope", "invalid_utf8", "line_too_long", "invalid_json", "invalid_envelope"]) {
      assert.ok((outcomes.get(outcome) ?? 0) > 0, `the stream never yielded ${outcome}`);
    }
  });

  test("NdjsonDecoderStream: maxLineBytes 64 yields line_too_long and resumes on the next line", async () => {
    const rng = new Rng(SEED ^ 0x64);
    const failures = new Failures();
    const cases: FuzzCase[] = oversizedLineCases(rng);
    for (let round = 0; round < 12; round++) {
      const { items, batch } = await runBatch(rng, cases, 64, `max-64 round ${round}`, failures);
      failures.assertNone();
      const byLine = new Map(items.map((item) => [item.line, item]));
      const tooLong = items.filter((item) => "error" in item && item.error.code === "line_too_long").length;
      assert.ok(tooLong >= 200, `round ${round}: only ${tooLong} line_too_long items`);
      for (const expected of batch.expected) {
        if (!expected.kind.startsWith("short-after-oversized")) continue;
        const item = byLine.get(expected.line);
        assert.ok(
          item !== undefined && "envelope" in item,
          `round ${round}: line ${expected.line} after an oversized line did not decode`,
        );
        const before = byLine.get(expected.line - 1);
        assert.ok(
          before !== undefined && "error" in before && before.error.code === "line_too_long",
          `round ${round}: line ${expected.line - 1} was not refused as too long`,
        );
      }
    }
  });

  describe("boundary values round-trip: decode(encode(decode(x))) equals decode(x) up to f32 rounding, and encoding is a fixed point", () => {
    for (const [name, line] of BOUNDARY_LINES) {
      test(name, () => {
        const first = decodeLine(line);
        const encoded = encodeLine(first);
        const again = decodeLine(encoded);
        assert.equal(
          firstDifference(first, again, withinF32Rounding)?.text,
          undefined,
          `re-encoded as ${encoded.trimEnd()}`,
        );
        assert.equal(encodeLine(again), encoded, "encodeLine(decode(encodeLine(e))) differs from encodeLine(e)");
      });
    }
  });

  test("Object.prototype is untouched after all of the above", () => {
    assertPrototypeUntouched();
  });
});
