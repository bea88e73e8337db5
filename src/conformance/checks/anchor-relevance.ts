/**
 * `anchor-relevance` (spec §5.1, G3, G4): for a `graph` provider, the anchor
 * is the first relation target of any probe frame, else the first frame's
 * `uri`; asked again with that anchor, at least one returned frame must be
 * anchored (its `uri` is the anchor, or a relation targets it). Whether an
 * anchored frame ranks first is reported, not required.
 */
import type { ContextFrame } from "../../protocol/frame.ts";
import { count, quote } from "../evidence.ts";
import { notOk } from "../exchanges.ts";
import { fail, type ProviderCheck, pass, skip } from "./check.ts";

/** G4: a frame is anchored when its `uri` or a relation's `target_uri` equals the anchor. */
function isAnchored(frame: ContextFrame, anchor: string): boolean {
  return frame.uri === anchor || (frame.relations ?? []).some((relation) => relation.target_uri === anchor);
}

/** The reference's anchor choice: the first relation target of any frame, else the first frame's uri. */
function anchorOf(frames: readonly ContextFrame[]): string | undefined {
  for (const frame of frames) {
    const target = frame.relations?.[0]?.target_uri;
    if (target !== undefined) return target;
  }
  return frames.find((frame) => frame.uri !== undefined)?.uri;
}

/** `anchor-relevance` (spec §5.1, G4). */
export const anchorRelevanceCheck: ProviderCheck = {
  name: "anchor-relevance",
  follows: "2.0.0",
  scope: "after-handshake",
  async run(run) {
    if (!run.ack.capabilities.graph) return skip("the provider does not declare graph");
    const baseline = await run.probeAnswer();
    if (baseline.kind !== "ok") return skip(`no anchorable frame: the probe query failed (${notOk(baseline)})`);
    const anchor = anchorOf(baseline.value.frames);
    if (anchor === undefined) return skip("no probe frame has a relation or a uri to anchor on");
    const answer = await run.ask({ ...run.probe, anchors: [anchor] });
    if (answer.kind !== "ok") return fail(`the anchored query failed: ${notOk(answer)}`);
    const frames = answer.value.frames;
    const anchored = frames.filter((frame) => isAnchored(frame, anchor)).length;
    if (anchored === 0)
      return fail(`G4: none of the ${count(frames.length, "frame")} returned for anchor ${quote(anchor)} is anchored`);
    const first = isAnchored(frames[0]!, anchor) ? "ranked first" : "not ranked first (G3 recommends it)";
    return pass(`${anchored} of ${count(frames.length, "frame")} anchored on ${quote(anchor)}, ${first}`);
  },
};
