/**
 * `runConformance`: the 14 provider checks of spec §5.1 against one target,
 * in the reference's order, with a progress event as each starts and ends.
 * Runs in Node, workerd and browsers; what only Node can do (spawn a stdio
 * child, re-read `file://` bytes) comes in through the target and the options.
 */
import type { ProviderCheck, Verdict } from "./checks/check.ts";
import { PROVIDER_CHECKS } from "./checks/index.ts";
import { type ConformanceOptions, resolveOptions } from "./options.ts";
import { PROVIDER_EXTENSIONS } from "./provider-extensions.ts";
import type { CheckResult, ConformanceReport } from "./report.ts";
import { SuiteRun } from "./suite-run.ts";
import { type ConformanceTarget, targetLabel } from "./target.ts";

/** Why a check does not run on this target or after this handshake, if it does not. */
function notApplicable(check: ProviderCheck, run: SuiteRun): string | undefined {
  if (check.scope === "always") return undefined;
  if (!run.main || !("ack" in run.main)) return "the handshake failed";
  if (check.scope === "wire" && !run.wire)
    return `a wire-level probe runs on stream targets only (this target is ${run.target.kind === "http" ? "HTTP" : "in-page"})`;
  return undefined;
}

/** Runs `judgement`; an exception of its own is a failure that names its type, never a crash of the run. */
async function guarded(judgement: () => Promise<Verdict>, run: SuiteRun): Promise<Verdict> {
  try {
    return await judgement();
  } catch (error) {
    if (run.options.signal?.aborted) throw error;
    const what = error instanceof Error ? error.name : "a non-error value";
    return { status: "fail", evidence: `the check could not finish (${what})` };
  }
}

/** Runs one check, unless it does not apply. */
function judge(check: ProviderCheck, run: SuiteRun): Promise<Verdict> {
  const reason = notApplicable(check, run);
  if (reason !== undefined) return Promise.resolve({ status: "skipped", evidence: reason });
  return guarded(() => check.run(run), run);
}

/** The 14 reference checks in order, each result as it finishes (spec §5.1). */
async function referenceChecks(run: SuiteRun): Promise<CheckResult[]> {
  const checks: CheckResult[] = [];
  for (const check of PROVIDER_CHECKS) {
    run.options.signal?.throwIfAborted();
    run.options.onProgress?.({ type: "started", name: check.name });
    const verdict = await judge(check, run);
    if (check === PROVIDER_CHECKS[0] && verdict.status === "pass") run.prefetchWire();
    const result = {
      name: check.name,
      status: verdict.status,
      evidence: `${verdict.evidence} [follows ${check.follows}]`,
    };
    checks.push(result);
    run.options.onProgress?.({ type: "finished", check: result });
  }
  return checks;
}

/** frameline's extensions that apply to the target, after the reference checks, their events marked as such. */
async function extensionChecks(run: SuiteRun): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const check of PROVIDER_EXTENSIONS.filter((extension) => extension.runsOn(run.target.kind))) {
    run.options.signal?.throwIfAborted();
    run.options.onProgress?.({ type: "started", name: check.name, extension: true });
    const verdict: Verdict =
      run.main && "ack" in run.main
        ? await guarded(() => check.run(run), run)
        : { status: "skipped", evidence: "the handshake failed" };
    const result = {
      name: check.name,
      status: verdict.status,
      evidence: `${verdict.evidence} [${check.anchor}; frameline extension]`,
    };
    results.push(result);
    run.options.onProgress?.({ type: "finished", check: result, extension: true });
  }
  return results;
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
    const checks = await referenceChecks(run);
    const extensions = await extensionChecks(run);
    return { target: targetLabel(target), checks, ...(extensions.length > 0 ? { extensions } : {}) };
  } finally {
    await run.close();
  }
}
