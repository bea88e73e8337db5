/**
 * The conformance report (spec §5): the reference inspector's JSON form,
 * `{"target", "checks": [{"name", "status", "evidence"}]}`. "CGP conformant"
 * means no check failed; `skipped` counts as not failing.
 */

/** A check's outcome (spec §5): `skipped` when it does not apply to the target or the declared capabilities. */
export type CheckStatus = "pass" | "fail" | "skipped";

/** One check's result. `evidence` names what was seen (anchor, frame id, expected vs seen), never frame content. */
export interface CheckResult {
  readonly name: string;
  readonly status: CheckStatus;
  readonly evidence: string;
}

/** A whole run: what was checked, and each check's result in the reference's order (spec §5.1, §5.3, §5.4). */
export interface ConformanceReport {
  readonly target: string;
  readonly checks: readonly CheckResult[];
}

/** One progress event: a check started, or finished with its result (spec §5; for progress lines and panels). */
export type ProgressEvent =
  | { readonly type: "started"; readonly name: string }
  | { readonly type: "finished"; readonly check: CheckResult };

/** `ConformanceReport::passed()` (spec §5): true when no check failed. */
export function passed(report: ConformanceReport): boolean {
  return report.checks.every((check) => check.status !== "fail");
}
