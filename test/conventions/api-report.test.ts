// The public surface is a decision: etc/api.md lists every export of every entry point, and this
// test fails when the surface changes without `npm run api-report` being run (and the diff reviewed).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { apiReport, REPORT_FILE } from "../../scripts/api-report.ts";

test("etc/api.md is the API report of the current entry points", () => {
  assert.equal(readFileSync(REPORT_FILE, "utf8"), apiReport(), "the public surface changed: run `npm run api-report`");
});
