/** Packing into the global budget, step 3 of composition (spec §4.8, B3). */
import { budgetTokens } from "../../protocol/checks/budget.ts";
import type { AuditEntry } from "./audit.ts";
import { auditEntry, type Candidate } from "./candidate.ts";

/**
 * Step 3 of `compose_for_prompt` (spec §4.8): walks the ranked candidates and
 * includes each whose canonical cost `ceil(utf8_bytes(content) / 4)` (B3,
 * recomputed: the declared `token_cost` is never trusted) fits what remains,
 * else records `excluded: over_budget { cost, remaining }` and keeps walking,
 * so a later, smaller frame may still fit. `tokensUsed <= globalBudget` always.
 */
export function packCandidates(
  ranked: readonly Candidate[],
  globalBudget: number,
): { included: Candidate[]; entries: AuditEntry[]; tokensUsed: number } {
  const included: Candidate[] = [];
  const entries: AuditEntry[] = [];
  let remaining = globalBudget;
  for (const candidate of ranked) {
    const cost = budgetTokens(candidate.frame.content);
    if (cost <= remaining) {
      remaining -= cost;
      included.push(candidate);
      entries.push(
        auditEntry(candidate, {
          kind: "included",
          verification: candidate.frameId.content_digest === undefined ? "unverifiable" : "verifiable",
        }),
      );
    } else {
      entries.push(auditEntry(candidate, { kind: "excluded", reason: { kind: "over_budget", cost, remaining } }));
    }
  }
  return { included, entries, tokensUsed: globalBudget - remaining };
}
