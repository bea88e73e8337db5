/** The host's reaction to each error code (spec §1.12 `HostReaction`). */
import type { ErrorCode } from "../protocol/vocabulary.ts";

/** What a host does about a provider `error` (spec §1.12). */
export type HostReaction =
  | "do_not_retry"
  | "narrow_or_skip"
  | "drop_provider"
  | "raise_budget_or_skip"
  | "retry_with_backoff"
  | "respawn"
  | "report_and_count";

const REACTIONS: Record<ErrorCode, HostReaction> = {
  bad_request: "do_not_retry",
  unsupported_kind: "narrow_or_skip",
  unsupported_representation: "narrow_or_skip",
  incompatible_version: "drop_provider",
  budget_unsatisfiable: "raise_budget_or_skip",
  unavailable: "retry_with_backoff",
  shutting_down: "respawn",
  internal: "report_and_count",
};

/** The reaction to an effective error code (spec §1.12). */
export function hostReaction(code: ErrorCode): HostReaction {
  return REACTIONS[code];
}
