/** Filters applied before budgeting (spec §4.13): kinds (Q1) and the as_of window (Q2). */
import type { ContextQuery } from "../protocol/query.ts";
import { timestampMillis } from "../protocol/grammars.ts";
import type { CandidateFrame } from "./definition.ts";

/** Q1: with a non-empty `kinds`, only frames of those kinds. */
export function matchesKinds(frame: CandidateFrame, query: Pick<ContextQuery, "kinds">): boolean {
  const kinds = query.kinds ?? [];
  return kinds.length === 0 || kinds.includes(frame.kind);
}

/**
 * Q2 [later revision; 2.0.0 requires only `valid_from ≤ as_of`]: with `as_of`,
 * `valid_from ≤ as_of < valid_to`, compared as instants. A frame whose bounds
 * are not timestamps cannot be placed in time and is left out.
 */
export function validAt(frame: CandidateFrame, asOf: string | undefined): boolean {
  if (asOf === undefined) return true;
  const at = timestampMillis(asOf);
  if (at === undefined) return false;
  const from = frame.valid_from === undefined ? Number.NEGATIVE_INFINITY : timestampMillis(frame.valid_from);
  const to = frame.valid_to === undefined ? Number.POSITIVE_INFINITY : timestampMillis(frame.valid_to);
  return from !== undefined && to !== undefined && from <= at && at < to;
}
