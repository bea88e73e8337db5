// The generated readers (the decode fast path) against the valibot schemas they are generated from.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import * as v from "valibot";
import { readersSource } from "../../scripts/generate-readers.ts";
import { shapesSource } from "../../scripts/wire-shapes.ts";
import { type Json, variations } from "../support/mutations.ts";
import {
  ContextQuerySchema,
  EnvelopeSchema,
  describeIssues,
  readContextQuery,
  readEnvelope,
  ShapeFailure,
} from "../support/lib.ts";

type Verdict = { ok: true; output: string } | { ok: false; path: string };

function generated(value: Json, read: (value: unknown) => unknown = readEnvelope, root = "envelope"): Verdict {
  try {
    return { ok: true, output: JSON.stringify(read(value)) };
  } catch (error) {
    assert.ok(error instanceof ShapeFailure, `the reader threw ${String(error)}`);
    return { ok: false, path: error.issue(root).path };
  }
}

function valibot(value: Json, schema: v.GenericSchema = EnvelopeSchema, root = "envelope"): Verdict {
  const result = v.safeParse(schema, value, { abortEarly: true });
  if (result.success) return { ok: true, output: JSON.stringify(result.output) };
  return { ok: false, path: describeIssues(result.issues, root)[0]?.path ?? "" };
}

describe("generated readers", () => {
  test("readers.generated.ts is what scripts/generate-readers.ts writes from the current schemas (run npm run generate)", () => {
    const onDisk = readFileSync(new URL("../../src/protocol/readers.generated.ts", import.meta.url), "utf8");
    assert.equal(onDisk, readersSource());
  });

  test("shapes.generated.ts is what scripts/generate-readers.ts writes from the current schemas (run npm run generate)", () => {
    const onDisk = readFileSync(new URL("../../src/protocol/shapes.generated.ts", import.meta.url), "utf8");
    assert.equal(onDisk, shapesSource());
  });

  test("agree with valibot on every member of every seed replaced or deleted: same verdict, same output, same failure path", () => {
    let compared = 0;
    let refused = 0;
    for (const { value, where } of variations()) {
      const [ours, theirs] = [generated(value), valibot(value)];
      assert.deepEqual(ours, theirs, where);
      compared += 1;
      if (!ours.ok) refused += 1;
    }
    assert.ok(compared > 10_000, `compared ${compared}`);
    assert.ok(refused > compared / 4 && refused < compared, `refused ${refused} of ${compared}`);
  });

  test("readContextQuery (prepareQuery's shape check) agrees with ContextQuerySchema on every query of every variation", () => {
    let compared = 0;
    let refused = 0;
    for (const { value, where } of variations()) {
      if (value === null || typeof value !== "object" || Array.isArray(value) || value.type !== "query") continue;
      const query = value.query as Json;
      const [ours, theirs] = [generated(query, readContextQuery, "query"), valibot(query, ContextQuerySchema, "query")];
      assert.deepEqual(ours, theirs, where);
      compared += 1;
      if (!ours.ok) refused += 1;
    }
    assert.ok(compared > 200 && refused > compared / 4 && refused < compared, `refused ${refused} of ${compared}`);
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
