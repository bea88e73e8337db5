/**
 * `runConformance`: the 14 provider checks of spec §5.1 against one target,
 * in the reference's order, with a progress event as each starts and ends.
 * Runs in Node, workerd and browsers; what only Node can do (spawn a stdio
 * child, re-read `file://` bytes) comes in through the target and the options.
 */
import type { ProviderCheck, ProviderExtension, Verdict } from "./checks/check.ts";
import { PROVIDER_CHECKS } from "./checks/index.ts";
import { judgeInOrder } from "./in-order.ts";
import { type ConformanceOptions, resolveOptions } from "./options.ts";
import { PROVIDER_EXTENSIONS } from "./provider-extensions.ts";
import type { CheckResult, ConformanceReport } from "./report.ts";
import { SuiteRun } from "./suite-run.ts";
import { type ConformanceTarget, targetLabel } from "./target.ts";

/** Why a check of `scope` does not run on this target or after this handshake, if it does not. */
function notApplicable(scope: ProviderCheck["scope"], run: SuiteRun): string | undefined {
  if (scope === "always") return undefined;
  if (!run.main || !("ack" in run.main)) return "the handshake failed";
  if (scope === "wire" && !run.wire)
    return `a wire-level probe runs on stream targets only (this target is ${run.target.kind === "http" ? "HTTP" : "in-page"})`;
  return undefined;
}

/**
 * Runs `judgement` of a check of `scope`, unless it does not apply; an exception of its own is a failure
 * that names its type, never a crash of the run.
 */
async function judge(
  scope: ProviderCheck["scope"],
  judgement: () => Promise<Verdict>,
  run: SuiteRun,
): Promise<Verdict> {
  const reason = notApplicable(scope, run);
  if (reason !== undefined) return { status: "skipped", evidence: reason };
  try {
    return await judgement();
  } catch (error) {
    if (run.options.signal?.aborted) throw error;
    const what = error instanceof Error ? error.name : "a non-error value";
    return { status: "fail", evidence: `the check could not finish (${what})` };
  }
}

/** One of the 14 reference checks (spec §5.1), its evidence tagged with the revision it follows. */
async function referenceResult(check: ProviderCheck, run: SuiteRun): Promise<CheckResult> {
  const verdict = await judge(check.scope, () => check.run(run), run);
  if (check === PROVIDER_CHECKS[0] && verdict.status === "pass") run.prefetchWire();
  return { name: check.name, status: verdict.status, evidence: `${verdict.evidence} [follows ${check.follows}]` };
}

/** One of frameline's extensions, after a successful handshake, its evidence tagged as frameline's. */
async function extensionResult(check: ProviderExtension, run: SuiteRun): Promise<CheckResult> {
  const verdict = await judge("after-handshake", () => check.run(run), run);
  return {
    name: check.name,
    status: verdict.status,
    evidence: `${verdict.evidence} [${check.anchor}; frameline extension]`,
  };
}

/**
 * Runs the provider suite (spec §5.1) against `target` and returns the
 * report in the reference inspector's JSON form; the target is conformant
 * when no check fails (`passed`). Each check's evidence ends with the
 * revision it follows. Then frameline's extensions that apply to the target
 * (over HTTP, `http-attestation`: every signature and content binding) go
 * into the report's `extensions`, judged by `extensionsPassed`, never by
 * `passed`. Every connection is ended before this resolves; an aborted
 * `signal` ends them at once and rejects with its reason.
 *
 * @example
 * const report = await runConformance({ kind: "http", url: "http://127.0.0.1:8787/contextgraph" });
 * console.log(passed(report) ? "CGP conformant" : report.checks.filter((c) => c.status === "fail"));
 */
export async function runConformance(
  target: ConformanceTarget,
  options: ConformanceOptions = {},
): Promise<ConformanceReport> {
  const run = new SuiteRun(target, resolveOptions(options));
  try {
    const checks = await judgeInOrder(PROVIDER_CHECKS, (check) => referenceResult(check, run), run.options, false);
    const applicable = PROVIDER_EXTENSIONS.filter((extension) => extension.runsOn(target.kind));
    const extensions = await judgeInOrder(applicable, (check) => extensionResult(check, run), run.options, true);
    return { target: targetLabel(target), checks, ...(extensions.length > 0 ? { extensions } : {}) };
  } finally {
    await run.close();
  }
}
