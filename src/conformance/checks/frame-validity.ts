/**
 * `frame-validity` (spec §5.1): on the probe's frames, F1–F5, D1, P1–P3 and
 * G1–G2 (P4 is a cost, judged by budget-honesty as B3); and [later revision]
 * F17: every `file` link's `range` is in the line-range grammar.
 */
import { checkFrame } from "../../protocol/checks/frame.ts";
import { type Violation, violation } from "../../protocol/checks/violation.ts";
import type { ContextFrame } from "../../protocol/frame.ts";
import { parseLineRange } from "../../protocol/grammars.ts";
import { count, findings, violationText } from "../evidence.ts";
import { notOk } from "../exchanges.ts";
import { fail, type ProviderCheck, pass } from "./check.ts";

/** F17 [later revision]: a `file` link's `range`, when present, is `L<a>` or `L<a>-<b>` (spec §1.14). */
function checkLineRanges(frame: ContextFrame): Violation[] {
  return (frame.provenance ?? []).flatMap((link, i) =>
    link.type === "file" && link.range !== undefined && parseLineRange(link.range) === undefined
      ? [
          violation("F17", "file range is not L<start> or L<start>-<end>", {
            frame: frame.id,
            path: `provenance[${i}].range`,
          }),
        ]
      : [],
  );
}

/** Every frame-validity breach of one frame, each naming the frame. */
function frameValidity(frame: ContextFrame): Violation[] {
  const own = checkFrame(frame).filter((found) => found.anchor !== "P4" && found.anchor !== "P5");
  return [...own.map((found) => ({ ...found, frame: frame.id })), ...checkLineRanges(frame)];
}

/** `frame-validity` (spec §5.1) on the probe answer. */
export const frameValidityCheck: ProviderCheck = {
  name: "frame-validity",
  follows: "2.0.0 + later revision F17",
  scope: "after-handshake",
  async run(run) {
    const answer = await run.probeAnswer();
    if (answer.kind !== "ok") return fail(`the probe query failed: ${notOk(answer)}`);
    const frames = answer.value.frames;
    const problems = frames.flatMap(frameValidity);
    if (problems.length > 0) return fail(findings(problems.map(violationText)));
    return pass(`${count(frames.length, "frame")} of the probe answer valid (F1–F5, D1, P1–P3, G1–G2, F17)`);
  },
};
