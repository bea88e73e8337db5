/** The attribution report (spec §2.13 A1–A3, §4.11). */
import type { FrameId } from "../../protocol/frame-id.ts";
import type { UsageReport } from "./usage-report.ts";

/**
 * What happened to one frame at the point of use (spec §2.13, §4.11): named by
 * its FrameId, the only attribution handle (A1), with three independent flags
 * (A2) — `selected` for the prompt, `rendered` into it, `cited` by the output.
 */
export interface FrameUse {
  readonly frame: FrameId;
  readonly selected: boolean;
  readonly rendered: boolean;
  readonly cited: boolean;
}

/** `AttributionReport` (spec §4.11): the uses, and the usage report that billed them (A3). */
export interface AttributionReport {
  readonly uses: readonly FrameUse[];
  readonly usage: UsageReport;
}

/** Pairs frame uses with the usage report that billed them (spec §4.11, A1–A3); each flag defaults to false. */
export function attributionReport(
  uses: readonly {
    readonly frame: FrameId;
    readonly selected?: boolean;
    readonly rendered?: boolean;
    readonly cited?: boolean;
  }[],
  usage: UsageReport,
): AttributionReport {
  return {
    uses: uses.map((use) => ({
      frame: use.frame,
      selected: use.selected ?? false,
      rendered: use.rendered ?? false,
      cited: use.cited ?? false,
    })),
    usage,
  };
}

/** A key equal for two FrameIds exactly when all three members are (absent ≠ empty). */
function identityKey(frame: FrameId): string {
  return JSON.stringify([frame.provider_id, frame.frame_id, frame.content_digest ?? null]);
}

/**
 * A3 (spec §2.13, §4.11): every use is coherent — `cited ⇒ rendered` and
 * `rendered ⇒ selected` — and names, by full FrameId equality, a frame listed
 * in some `served_frames` of the paired usage report.
 */
export function isReconcilable(report: AttributionReport): boolean {
  const billed = new Set(
    (report.usage.providers ?? []).flatMap((provider) =>
      (provider.served_frames ?? []).map((served) => identityKey(served.frame)),
    ),
  );
  return report.uses.every(
    (use) => (!use.cited || use.rendered) && (!use.rendered || use.selected) && billed.has(identityKey(use.frame)),
  );
}
