/**
 * The conformance report (spec §5): the reference inspector's JSON form,
 * `{"target", "checks": [{"name", "status", "evidence"}]}`. "CGP conformant"
 * means no check failed; `skipped` counts as not failing. A host report, and
 * a provider report over HTTP, add `extensions` after `checks`: frameline's
 * own checks, in the same form, kept apart so that `target` and `checks`
 * stay exactly the reference's.
 */

/** A check's outcome (spec §5): `skipped` when it does not apply to the target or the declared capabilities. */
export type CheckStatus = "pass" | "fail" | "skipped";

/** One check's result. `evidence` names what was seen (anchor, frame id, expected vs seen), never frame content. */
export interface CheckResult {
  readonly name: string;
  readonly status: CheckStatus;
  readonly evidence: string;
}

/**
 * A whole run: what was checked, and each check's result in the reference's
 * order (spec §5.1, §5.3, §5.4). `extensions`, present on host reports and
 * on provider reports over HTTP, holds frameline's checks beyond the
 * reference's: never counted among `checks`, nor by `passed`.
 */
export interface ConformanceReport {
  readonly target: string;
  readonly checks: readonly CheckResult[];
  readonly extensions?: readonly CheckResult[];
}

/**
 * One progress event: a check started, or finished with its result (spec §5;
 * for progress lines and panels). `extension` marks a check of frameline's own,
 * reported under `extensions`; a reference check's events carry no marker.
 */
export type ProgressEvent =
  | { readonly type: "started"; readonly name: string; readonly extension?: true }
  | { readonly type: "finished"; readonly check: CheckResult; readonly extension?: true };

/**
 * `ConformanceReport::passed()` (spec §5): true when no check failed. This is
 * the claim "CGP conformant", so it reads `checks` only: an extension is
 * frameline's, not the reference's, and `extensionsPassed` judges it.
 */
export function passed(report: ConformanceReport): boolean {
  return report.checks.every((check) => check.status !== "fail");
}

/**
 * Whether no frameline extension failed (beyond spec §5.1, §5.3, §5.4; true
 * when none ran). `frameline inspect` exits 0 only when this and `passed` hold.
 */
export function extensionsPassed(report: ConformanceReport): boolean {
  return (report.extensions ?? []).every((check) => check.status !== "fail");
}
