/** The usage report (spec §4.11, UR1). */
import type { ContextQuery } from "../../protocol/query.ts";
import { formatTimestamp } from "../../protocol/grammars.ts";
import type { ServedFrame, UsageLeg } from "./usage-leg.ts";

/** One provider's line of a usage report (spec §4.11); `served_frames` omitted when empty. */
export interface ProviderUsage {
  readonly provider_id: string;
  readonly frames_served: number;
  readonly frames_rejected: number;
  readonly token_cost: number;
  readonly served_frames?: readonly ServedFrame[];
}

/**
 * `UsageReport` (spec §4.11, UR1), members in the reference's order:
 * `budget_requested` (the query's `max_tokens`), `budget_consumed` (Σ served
 * `token_cost`), `as_of` (when the host did the accounting, not the query pin),
 * and `providers`, omitted when empty.
 */
export interface UsageReport {
  readonly budget_requested: number;
  readonly budget_consumed: number;
  readonly as_of: string;
  readonly providers?: readonly ProviderUsage[];
}

/** One leg's line (spec §4.11): served frames are billed; dropped legs reject all they offered at cost 0; gated or failed legs are zeros. */
function providerUsage(leg: UsageLeg): ProviderUsage {
  const base = { provider_id: leg.provider_id, frames_served: 0, frames_rejected: 0, token_cost: 0 };
  switch (leg.outcome) {
    case "frames": {
      const token_cost = leg.served.reduce((sum, served) => sum + served.token_cost, 0);
      return {
        ...base,
        frames_served: leg.served.length,
        token_cost,
        ...(leg.served.length > 0 ? { served_frames: leg.served } : {}),
      };
    }
    case "budget_lie":
    case "frame_flood":
      return { ...base, frames_rejected: leg.offered };
    case "consent_required":
    case "consent_scope_required":
    case "failed":
      return base;
  }
}

/**
 * `usage_report` (spec §4.11, UR1): one line per leg, in leg order, and
 * `budget_consumed` = Σ provider `token_cost` = Σ `served_frames[].token_cost`,
 * so every billed token is named by a FrameId. `asOf` defaults to now and is
 * stamped without fraction (F4).
 *
 * @example
 * const legs = await host.queryAll(query);
 * usageReport({ query, legs: legs.map(usageLegOf), asOf: new Date("2026-07-21T00:00:00Z") })
 */
export function usageReport(input: {
  readonly query: Pick<ContextQuery, "max_tokens">;
  readonly legs: readonly UsageLeg[];
  readonly asOf?: Date;
}): UsageReport {
  const providers = input.legs.map(providerUsage);
  return {
    budget_requested: input.query.max_tokens,
    budget_consumed: providers.reduce((sum, provider) => sum + provider.token_cost, 0),
    as_of: formatTimestamp(input.asOf ?? new Date()),
    ...(providers.length > 0 ? { providers } : {}),
  };
}

/** `within_budget` (spec §4.11): the report consumed no more than the query requested. */
export function withinBudget(report: UsageReport): boolean {
  return report.budget_consumed <= report.budget_requested;
}
