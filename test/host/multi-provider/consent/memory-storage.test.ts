// The in-memory consent storage a Host uses by default (spec §4.5): it starts empty, so nothing is consented.
import assert from "node:assert/strict";
import { test } from "node:test";
import { memoryConsentStorage } from "../../../support/lib.ts";

test("a fresh in-memory consent store holds no record and no receipt", () => {
  assert.deepStrictEqual(memoryConsentStorage().load(), { records: [], receipts: [] });
});
