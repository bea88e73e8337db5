// The generated readers (the decode fast path) against the valibot schemas they are generated from.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import * as v from "valibot";
import { readersSource } from "../../scripts/generate-readers.ts";
import { EnvelopeSchema } from "../../src/protocol/index.ts";
import { describeIssues } from "../../src/protocol/shape-issues.ts";
import { readEnvelope } from "../../src/protocol/readers.generated.ts";
import { ShapeFailure } from "../../src/protocol/shape-failure.ts";
import { fixtureJson, referenceVectorLines } from "../support/fixtures.ts";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path to a member or item in a JSON tree. */
function paths(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== "object") return [];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return keys.flatMap((key) => [
    [...prefix, key],
    ...paths((value as Record<string | number, Json>)[key] as Json, [...prefix, key]),
  ]);
}

/** A copy of `tree` with the member at `path` replaced, or deleted when `replacement` is undefined. */
function replaced(tree: Json, path: (string | number)[], replacement: Json | undefined): Json {
  const copy = structuredClone(tree);
  let parent = copy as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, Json>;
  const last = path[path.length - 1] as string | number;
  if (replacement === undefined) {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else parent[last] = replacement;
  return copy;
}

const REPLACEMENTS: (Json | undefined)[] = [
  undefined,
  null,
  "s",
  "",
  0,
  -0,
  1.5,
  4294967295,
  4294967296,
  -1,
  3.4028235e38,
  1e39,
  true,
  [],
  {},
  ["s"],
  [{}],
  "full",
  "valid",
];

function seeds(): Json[] {
  const messages = fixtureJson<Json[]>("reference-messages.json");
  return [...referenceVectorLines().map((line) => JSON.parse(line) as Json), ...messages];
}

type Verdict = { ok: true; output: string } | { ok: false; path: string };

function generated(value: Json): Verdict {
  try {
    return { ok: true, output: JSON.stringify(readEnvelope(value)) };
  } catch (error) {
    assert.ok(error instanceof ShapeFailure, `readEnvelope threw ${String(error)}`);
    return { ok: false, path: error.issue("envelope").path };
  }
}

function valibot(value: Json): Verdict {
  const result = v.safeParse(EnvelopeSchema, value, { abortEarly: true });
  if (result.success) return { ok: true, output: JSON.stringify(result.output) };
  return { ok: false, path: describeIssues(result.issues, "envelope")[0]?.path ?? "" };
}

describe("generated readers", () => {
  test("readers.generated.ts is what scripts/generate-readers.ts writes from the current schemas (run npm run generate)", () => {
    const onDisk = readFileSync(new URL("../../src/protocol/readers.generated.ts", import.meta.url), "utf8");
    assert.equal(onDisk, readersSource());
  });

  test("agree with valibot on every member of every seed replaced or deleted: same verdict, same output, same failure path", () => {
    let compared = 0;
    let refused = 0;
    for (const seed of seeds()) {
      for (const path of [[], ...paths(seed)]) {
        for (const replacement of path.length === 0 ? [null, [], "x", {}] : REPLACEMENTS) {
          const value = path.length === 0 ? (replacement as Json) : replaced(seed, path, replacement);
          const [ours, theirs] = [generated(value), valibot(value)];
          assert.deepEqual(ours, theirs, `at ${path.join(".")} := ${JSON.stringify(replacement)}`);
          compared += 1;
          if (!ours.ok) refused += 1;
        }
      }
    }
    assert.ok(compared > 10_000, `compared ${compared}`);
    assert.ok(refused > compared / 4 && refused < compared, `refused ${refused} of ${compared}`);
  });

  test("keep unknown members out of the output and read null as absent", () => {
    const value = {
      type: "error",
      id: null,
      message: "m",
      extra: { deep: 1 },
      __proto__: { polluted: true },
    } as unknown as Json;
    const envelope = readEnvelope(JSON.parse(JSON.stringify(value)));
    assert.deepEqual(Object.keys(envelope), ["type", "message"]);
    assert.equal(Object.getPrototypeOf(envelope), Object.prototype);
  });
});
