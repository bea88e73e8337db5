/**
 * Running a suite's checks one after another (spec §5.1, §5.3, §5.4), as both `runConformance` and
 * `runHostConformance` do: a `started` and a `finished` progress event around each, in report order,
 * and an aborted run stopped before its next check.
 */
import type { CheckResult, ProgressEvent } from "./report.ts";

/** Where a run in order reports to and is stopped from: the caller's options. */
interface RunControl {
  readonly signal?: AbortSignal | undefined;
  readonly onProgress?: ((event: ProgressEvent) => void) | undefined;
}

/**
 * Judges `checks` one after another with `judge`, with their progress events (marked `extension` for
 * frameline's own checks); an aborted `control.signal` throws its reason before the next check.
 */
export async function judgeInOrder<C extends { readonly name: string }>(
  checks: readonly C[],
  judge: (check: C) => Promise<CheckResult>,
  control: RunControl,
  extension: boolean,
): Promise<CheckResult[]> {
  const marker = extension ? ({ extension: true } as const) : {};
  const results: CheckResult[] = [];
  for (const check of checks) {
    control.signal?.throwIfAborted();
    control.onProgress?.({ type: "started", name: check.name, ...marker });
    const result = await judge(check);
    results.push(result);
    control.onProgress?.({ type: "finished", check: result, ...marker });
  }
  return results;
}
