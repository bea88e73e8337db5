// Correlation ids and the H4 echo check (spec §4.1, §4.3): the cases the envelope helpers' tests leave open.
import assert from "node:assert/strict";
import { test } from "node:test";
import { decodeLine, verifyCorrelation } from "../support/lib.ts";

test("a reply carrying an id to a request sent without one is no mismatch (nothing was sent to echo)", () => {
  const reply = decodeLine('{"type":"frames","id":"q7","result":{"frames":[],"truncated":false}}');
  assert.deepEqual(verifyCorrelation(undefined, reply), { ok: true });
});
