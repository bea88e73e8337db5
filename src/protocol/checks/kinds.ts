/** The kinds filter, Q1 (spec §2.3). */
import type { ContextQuery } from "../query.ts";
import type { ContextQueryResult } from "../result.ts";
import { type Violation, violation } from "./violation.ts";

/** Q1: with a non-empty `kinds`, every returned frame is of one of those kinds; empty means any. */
export function checkKinds(
  result: Pick<ContextQueryResult, "frames">,
  query: Pick<ContextQuery, "kinds">,
): Violation[] {
  const kinds = query.kinds ?? [];
  if (kinds.length === 0) return [];
  return result.frames
    .filter((frame) => !kinds.includes(frame.kind))
    .map((frame) =>
      violation("Q1", `frame of kind ${JSON.stringify(frame.kind)} was not asked for`, {
        frame: frame.id,
        path: "kind",
      }),
    );
}
