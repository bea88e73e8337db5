/**
 * `as-of-temporal` (spec §5.1, Q2): queries pinned in valid time. 2.0.0 pins
 * `2026-07-01T00:00:00Z` and fails a frame whose `valid_from` is after the
 * pin; the later revision pins `2026-10-01T00:00:00Z` too and also fails a
 * frame whose `valid_to` is not after the pin (a half-open window, instants
 * compared as instants). A bound outside the timestamp profile is F4's to
 * judge (frame-validity), not this check's. Fewer or no frames never fails.
 */
import type { ContextFrame } from "../../protocol/frame.ts";
import { timestampMillis } from "../../protocol/grammars.ts";
import { count, findings, quote } from "../evidence.ts";
import { notOk } from "../exchanges.ts";
import { AS_OF_PINS } from "../probe.ts";
import { fail, type ProviderCheck, pass } from "./check.ts";

/** One frame's breaches of the window at `pin`; `later` marks those only the later revision's rule finds. */
function outsideWindow(frame: ContextFrame, pin: string): { text: string; later: boolean }[] {
  const at = timestampMillis(pin)!;
  const from = frame.valid_from === undefined ? undefined : timestampMillis(frame.valid_from);
  const to = frame.valid_to === undefined ? undefined : timestampMillis(frame.valid_to);
  const first = pin === AS_OF_PINS[0];
  const id = quote(frame.id);
  return [
    ...(from !== undefined && from > at
      ? [{ text: `Q2 frame ${id}: valid_from ${quote(frame.valid_from!)} is after as_of ${pin}`, later: !first }]
      : []),
    ...(to !== undefined && at >= to
      ? [{ text: `Q2 frame ${id}: valid_to ${quote(frame.valid_to!)} is not after as_of ${pin}`, later: true }]
      : []),
  ];
}

/** `as-of-temporal` (spec §5.1, Q2). */
export const asOfTemporalCheck: ProviderCheck = {
  name: "as-of-temporal",
  follows: "2.0.0 + later revision Q2 (both pins, both window halves)",
  scope: "after-handshake",
  async run(run) {
    const problems: { text: string; later: boolean }[] = [];
    let returned = 0;
    for (const pin of AS_OF_PINS) {
      const answer = await run.ask({ ...run.probe, as_of: pin });
      if (answer.kind !== "ok") return fail(`the query pinned at ${pin} failed: ${notOk(answer)}`);
      returned += answer.value.frames.length;
      problems.push(...answer.value.frames.flatMap((frame) => outsideWindow(frame, pin)));
    }
    if (problems.length > 0) {
      const note = problems.every((found) => found.later) ? " (2.0.0's one-sided rule alone would pass)" : "";
      return fail(`${findings(problems.map((found) => found.text))}${note}`);
    }
    return pass(`${count(returned, "frame")} over pins ${AS_OF_PINS.join(" and ")}, all inside the window`);
  },
};
