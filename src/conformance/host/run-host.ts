/**
 * `runHostConformance`: the 9 host-side checks of spec §5.3 and the 4
 * composition checks of §5.4 against a host, then frameline's own
 * extensions (`extensions.ts`), each scenario with an adversarial provider
 * and a well-behaved twin, passing only when the host tells them apart. Runs
 * in any runtime; a child process to crash and real files to re-read come in
 * through the options.
 */
import type { FileSource } from "../../host/sessions/file-provenance.ts";
import type { Transport } from "../../host/transports/transport.ts";
import { judgeInOrder } from "../in-order.ts";
import type { CheckResult, ConformanceReport, ProgressEvent } from "../report.ts";
import { hostBudgetDrop, hostFrameLimit } from "./checks/budget-audit.ts";
import { hostCompositionAudit } from "./checks/composition-audit.ts";
import {
  compositionBudgetBound,
  compositionDeterminism,
  compositionQuarantine,
  compositionTotalPartition,
} from "./checks/composition.ts";
import { hostConsentGate, hostScopeReceipt } from "./checks/consent.ts";
import { hostContentQuoting } from "./checks/content-quoting.ts";
import { hostCrashIsolation } from "./checks/crash-isolation.ts";
import { hostProvenanceBytes } from "./checks/provenance-bytes.ts";
import { hostVersionReject } from "./checks/version-reject.ts";
import type { HostCheck, HostContext } from "./host-check.ts";
import { HOST_EXTENSIONS } from "./extensions.ts";
import { framelineHost, type HostUnderTest } from "./host-under-test.ts";

/** The 9 checks of spec §5.3, then the 4 of §5.4, in the spec's order. */
const HOST_CHECKS: readonly HostCheck[] = [
  hostVersionReject,
  hostBudgetDrop,
  hostFrameLimit,
  hostConsentGate,
  hostScopeReceipt,
  hostProvenanceBytes,
  hostContentQuoting,
  hostCrashIsolation,
  hostCompositionAudit,
  compositionBudgetBound,
  compositionTotalPartition,
  compositionQuarantine,
  compositionDeterminism,
];

/** The reference's host and composition checks' names (spec §5.3, §5.4), in report order; extensions are not among them. */
export const HOST_CHECK_NAMES: readonly string[] = HOST_CHECKS.map((check) => check.name);

/** Options of `runHostConformance`. */
export interface HostConformanceOptions {
  /** How long a scenario may take before it counts as a hang (default 5 s; the host's own bounds are shorter or equal). */
  readonly timeoutMs?: number;
  /** A provider that dies when queried, e.g. `frameline serve --stdio --misbehave crash-on-query` as a child (Node). */
  readonly crashingProvider?: () => Promise<Transport>;
  /** Writes the provenance fixture where the host can re-read it, e.g. real files (Node); default in memory. */
  readonly fixtureFiles?: (files: Readonly<Record<string, Uint8Array>>) => Promise<FileSource>;
  readonly signal?: AbortSignal;
  readonly onProgress?: (event: ProgressEvent) => void;
}

/** Runs one check; a scenario that throws fails naming the error's type (a host's refusal, a hang of ours). */
async function judge(check: HostCheck, context: HostContext, extension: boolean): Promise<CheckResult> {
  const tag = `[${check.anchor}${extension ? "; frameline extension" : ""}]`;
  try {
    const verdict = await check.run(context);
    return { name: check.name, status: verdict.status, evidence: `${verdict.evidence} ${tag}` };
  } catch (error) {
    const what = error instanceof Error ? `${error.name}: ${error.message}` : "a non-error value";
    return { name: check.name, status: "fail", evidence: `the scenario could not finish (${what}) ${tag}` };
  }
}

/**
 * Runs the host and composition suites (spec §5.3, §5.4) against `host`
 * (default this library's `Host` with `composeForPrompt`), then frameline's
 * extensions into the report's `extensions`. CGP conformant (`passed`) when
 * no reference check fails; `extensionsPassed` when no extension does.
 *
 * @example
 * const report = await runHostConformance(); // frameline's own host
 * passed(report) && extensionsPassed(report); // the reference's 13, and ours
 */
export async function runHostConformance(
  host: HostUnderTest = framelineHost,
  options: HostConformanceOptions = {},
): Promise<ConformanceReport> {
  const context: HostContext = {
    host,
    timeoutMs: options.timeoutMs ?? 5_000,
    crashingProvider: options.crashingProvider,
    fixtureFiles: options.fixtureFiles,
  };
  const checks = await judgeInOrder(HOST_CHECKS, (check) => judge(check, context, false), options, false);
  const extensions = await judgeInOrder(HOST_EXTENSIONS, (check) => judge(check, context, true), options, true);
  return { target: host.name, checks, extensions };
}
