// The host's reaction to each error code (spec §1.12), and which of them are worth a retry.
import assert from "node:assert/strict";
import { test } from "node:test";
import { HostError, hostReaction } from "../support/lib.ts";

const TABLE = [
  ["bad_request", "do_not_retry", false],
  ["unsupported_kind", "narrow_or_skip", false],
  ["unsupported_representation", "narrow_or_skip", false],
  ["incompatible_version", "drop_provider", false],
  ["budget_unsatisfiable", "raise_budget_or_skip", false],
  ["unavailable", "retry_with_backoff", true],
  ["shutting_down", "respawn", true],
  ["internal", "report_and_count", false],
] as const;

test("every §1.12 code has its reaction, and only unavailable and shutting_down are retryable", () => {
  for (const [code, reaction, retryable] of TABLE) {
    assert.equal(hostReaction(code), reaction, code);
    const error = new HostError("provider", "m", { code });
    assert.equal(error.reaction, reaction, code);
    assert.equal(error.retryable, retryable, code);
  }
});

test("a HostError without a code has no reaction and is not retryable", () => {
  const error = new HostError("timeout", "m");
  assert.equal(error.reaction, undefined);
  assert.equal(error.retryable, false);
  assert.equal(error.name, "HostError");
});
