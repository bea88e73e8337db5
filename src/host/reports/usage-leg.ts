/** What the usage report needs to know about one provider leg of a fan-out (spec §4.6, §4.11, UR1). */
import type { FrameId } from "../../protocol/frame-id.ts";

/** One served frame, named by its FrameId (A1), with the `token_cost` it was billed at (spec §4.11, UR1). */
export interface ServedFrame {
  readonly frame: FrameId;
  readonly token_cost: number;
}

/**
 * One provider's leg of a fan-out, reduced to what a usage report bills
 * (spec §4.6 `ProviderResult`, §4.11). The fan-out maps its outcomes onto it:
 * - `frames`: the leg passed the budget audit; `served` lists every frame kept.
 * - `budget_lie` (B1/B2) or `frame_flood` (B4): the whole leg was dropped;
 *   `offered` is how many frames the provider returned.
 * - `consent_required`, `consent_scope_required` (C1, C6) or `failed`
 *   (a `HostError`): nothing was served or offered.
 */
export type UsageLeg =
  | { readonly provider_id: string; readonly outcome: "frames"; readonly served: readonly ServedFrame[] }
  | { readonly provider_id: string; readonly outcome: "budget_lie" | "frame_flood"; readonly offered: number }
  | { readonly provider_id: string; readonly outcome: "consent_required" | "consent_scope_required" | "failed" };
