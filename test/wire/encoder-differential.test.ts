// encodeLine against the valibot schemas (spec §1.2): the encoder walks the wire shapes generated from the schemas
// (shapes.generated.ts) with its own checks, so it is held to valibot's verdicts the way the generated readers are.
import assert from "node:assert/strict";
import { test } from "node:test";
import * as v from "valibot";
import { encodeLine, EnvelopeSchema, WireError } from "../support/lib.ts";
import { firstDifference, withinF32Rounding } from "../support/fuzz/difference.ts";
import { type Json, variations } from "../support/mutations.ts";

/** Everything but the numbers, in order: member order, presence, defaults, strings and booleans. */
const skeleton = (value: unknown) => JSON.stringify(value, (_key, item) => (typeof item === "number" ? 0 : item));

/** The member at a `result.frames[0].data_flow`-style path of `value`. */
function at(value: Json, path: string): unknown {
  let here: unknown = value;
  for (const step of path.match(/[^.[\]]+/g) ?? [])
    here = (here as Record<string, unknown> | undefined)?.[/^\d+$/.test(step) ? Number(step) : step];
  return here;
}

/** valibot's output holds members it read as absent with the value undefined; a line cannot. */
function withoutUndefined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutUndefined);
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value).filter(([, member]) => member !== undefined);
  return Object.fromEntries(entries.map(([key, member]) => [key, withoutUndefined(member)]));
}

test("encodeLine writes only what valibot accepts, in its output's member order with its defaults, and refuses what it refuses (an array standing for an object aside)", () => {
  const counts = { written: 0, refused: 0, arrayForObject: 0 };
  for (const { value, where } of variations()) {
    const theirs = v.safeParse(EnvelopeSchema, value);
    let line: string;
    try {
      line = encodeLine(value as never);
    } catch (error) {
      assert.ok(error instanceof WireError && error.code === "unencodable", `${where}: ${String(error)}`);
      counts.refused += 1;
      if (!theirs.success) continue;
      // valibot reads any object-typed value as an object, so `[]` passes where every member has a default;
      // the encoder writes an object only from an object.
      const [, path] = /^cannot encode envelope: (\S+): expected an object$/.exec(error.message) ?? [];
      assert.ok(path !== undefined && Array.isArray(at(value, path)), `${where}: valibot accepts, ${error.message}`);
      counts.arrayForObject += 1;
      continue;
    }
    assert.ok(theirs.success, `${where}: wrote what valibot refuses: ${line.slice(0, 80)}`);
    const written = JSON.parse(line) as unknown;
    const expected = withoutUndefined(theirs.output);
    assert.equal(skeleton(written), skeleton(expected), where);
    const difference = firstDifference(expected, written, withinF32Rounding);
    assert.equal(difference, undefined, `${where}: ${difference?.text}`);
    counts.written += 1;
  }
  assert.ok(counts.written > 2000 && counts.refused > 5000 && counts.arrayForObject > 0, JSON.stringify(counts));
});
