/** The query's `goal` (spec §1.6: "Schema wants non-empty"). */
import { isBlank } from "../grammars.ts";
import type { ContextQuery } from "../query.ts";
import { type Violation, violation } from "./violation.ts";

/**
 * Checks that a query's `goal` is non-empty after trimming (spec §1.6; the
 * spec gives the rule no letter anchor, so the section names it, as H2 does
 * for names).
 */
export function checkGoal(query: Pick<ContextQuery, "goal">): Violation[] {
  return isBlank(query.goal) ? [violation("§1.6", "goal must be non-empty", { path: "goal" })] : [];
}
