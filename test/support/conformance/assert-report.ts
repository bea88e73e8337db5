// Assertions on a conformance report against what the spec says a target and a mode must produce.
import assert from "node:assert/strict";
import type { ConformanceReport } from "../lib.ts";
import { alsoFailing, type ModeExpectation, PROVIDER_CHECKS, WIRE_CHECKS } from "./expected.ts";

/** The report's statuses by check name, after checking it has the 14 checks in order and their JSON form. */
export function statuses(report: ConformanceReport): Record<string, string> {
  assert.deepEqual(
    report.checks.map((check) => check.name),
    [...PROVIDER_CHECKS],
  );
  for (const check of report.checks) {
    assert.deepEqual(Object.keys(check), ["name", "status", "evidence"]);
    assert.ok(["pass", "fail", "skipped"].includes(check.status));
    assert.match(check.evidence, /\[follows [^\]]+\]$/, `${check.name} names the revision it follows`);
  }
  return Object.fromEntries(report.checks.map((check) => [check.name, check.status]));
}

/** The well-behaved provider: nothing fails, and exactly the checks that cannot apply are skipped. */
export function assertWellBehaved(report: ConformanceReport, wire: boolean, skipped: readonly string[]): void {
  const status = statuses(report);
  const detail = JSON.stringify(
    report.checks.filter((check) => check.status !== "pass"),
    null,
    1,
  );
  assert.deepEqual(
    Object.keys(status).filter((name) => status[name] === "fail"),
    [],
    detail,
  );
  const expectedSkips = [...skipped, ...(wire ? [] : WIRE_CHECKS)];
  assert.deepEqual(
    Object.keys(status)
      .filter((name) => status[name] === "skipped")
      .sort(),
    [...new Set(expectedSkips)].sort(),
    detail,
  );
}

/**
 * A misbehaving provider: on a target where its check runs, that check fails with evidence naming
 * the lie, and nothing else fails (but a crash's consequences); where its check is skipped, nothing fails.
 */
export function assertCaught(report: ConformanceReport, expected: ModeExpectation, wire: boolean): void {
  const status = statuses(report);
  const failing = Object.keys(status).filter((name) => status[name] === "fail");
  const detail = JSON.stringify(
    report.checks.filter((check) => check.status === "fail"),
    null,
    1,
  );
  if (!wire && WIRE_CHECKS.includes(expected.trips)) {
    assert.deepEqual(failing, [], detail);
    assert.equal(status[expected.trips], "skipped");
    return;
  }
  assert.deepEqual(failing.sort(), [expected.trips, ...alsoFailing(expected.mode, wire)].sort(), detail);
  const evidence = report.checks.find((check) => check.name === expected.trips)!.evidence;
  assert.match(evidence, expected.evidence);
  if (expected.mode === "bad-version")
    assert.deepEqual(
      Object.keys(status).filter((name) => status[name] !== "skipped"),
      ["handshake"],
      "after a failed handshake every other check is skipped",
    );
}
