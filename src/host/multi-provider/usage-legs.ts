/** From a fan-out leg to what a usage report bills (spec §4.6, §4.11, UR1). */
import type { LegResult } from "./leg.ts";
import type { UsageLeg } from "../reports/usage-leg.ts";

/**
 * Reduces a `queryAll` leg to a `UsageLeg`: served frames with the token_cost
 * they were served at; budget-lie and flood legs with the frames offered;
 * consent-gated and failed legs with nothing (spec §4.11).
 */
export function usageLegOf(leg: LegResult): UsageLeg {
  switch (leg.outcome) {
    case "frames":
      return {
        provider_id: leg.provider,
        outcome: "frames",
        served: leg.frames.map((f) => ({ frame: f.frameId, token_cost: f.frame.token_cost })),
      };
    case "budget_lie":
    case "frame_flood":
      return { provider_id: leg.provider, outcome: leg.outcome, offered: leg.offered };
    default:
      return { provider_id: leg.provider, outcome: leg.outcome };
  }
}
