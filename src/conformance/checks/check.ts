/** What one provider check is (spec §5.1): a name, the revision it follows, when it applies, and how it judges. */
import type { CheckStatus } from "../report.ts";
import type { SuiteRun } from "../suite-run.ts";
import type { ConformanceTarget } from "../target.ts";

/** A check's judgement before the runner adds the revision it follows. */
export interface Verdict {
  readonly status: CheckStatus;
  readonly evidence: string;
}

/** When a check applies: always; only after a successful handshake; or also only on stream targets (wire-level probes). */
type CheckScope = "always" | "after-handshake" | "wire";

/** One provider check of spec §5.1. */
export interface ProviderCheck {
  readonly name: string;
  /** Which revision its rules follow: `2.0.0`, or 2.0.0 plus the later-revision probes it adds (spec §0.1). */
  readonly follows: string;
  readonly scope: CheckScope;
  run(run: SuiteRun): Promise<Verdict>;
}

/** One of frameline's provider checks beyond spec §5.1: run after the reference checks, on the targets it names. */
export interface ProviderExtension {
  readonly name: string;
  /** The spec anchors it holds the provider to, for its evidence's tag. */
  readonly anchor: string;
  /** Whether it applies to a target of this kind. */
  readonly runsOn: (kind: ConformanceTarget["kind"]) => boolean;
  run(run: SuiteRun): Promise<Verdict>;
}

/** A passing verdict. */
export const pass = (evidence: string): Verdict => ({ status: "pass", evidence });
/** A failing verdict. */
export const fail = (evidence: string): Verdict => ({ status: "fail", evidence });
/** A verdict for a check that does not apply. */
export const skip = (evidence: string): Verdict => ({ status: "skipped", evidence });
