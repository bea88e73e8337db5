/**
 * The protocol's named values: frame kinds, representations, fidelities,
 * verdicts, egress scopes and error codes (spec §1.5–§1.12).
 */

/** The version this implementation sends (spec §0, §1.14). */
export const PROTOCOL_VERSION = "contextgraph/1.0";

/** The seven base frame kinds (U2). Other kinds are accepted and kept verbatim. */
export const FRAME_KINDS = ["snippet", "symbol", "fact", "doc", "memory", "episode", "graph"] as const;
/** A base frame kind. */
export type KnownFrameKind = (typeof FRAME_KINDS)[number];

/** Frame representations (spec §1.8, P1–P3). Absent means `full`. */
export const REPRESENTATIONS = ["full", "compact", "reference"] as const;
/** A frame representation. */
export type Representation = (typeof REPRESENTATIONS)[number];

/** Content fidelities (spec §1.8 #8). */
export const CONTENT_FIDELITIES = ["exact", "normalized", "summarized", "omitted"] as const;
/** A content fidelity. */
export type ContentFidelity = (typeof CONTENT_FIDELITIES)[number];

/** Inline-content requirements (spec §1.8 #13). */
export const INLINE_CONTENT_REQUIREMENTS = ["required", "resolvable_reference_allowed"] as const;
/** An inline-content requirement. */
export type InlineContentRequirement = (typeof INLINE_CONTENT_REQUIREMENTS)[number];

/** Verify verdict statuses (spec §1.10, V3). */
export const VERDICT_STATUSES = ["valid", "stale", "gone", "unknown"] as const;
/** A verify verdict status. */
export type VerdictStatus = (typeof VERDICT_STATUSES)[number];

/** The on-machine egress scope (spec §1.14). */
export const LOCAL_SCOPE = "local-only";
/** The four base egress scopes (spec §1.14); custom ones are `ns:name`. */
export const BASE_EGRESS_SCOPES = [LOCAL_SCOPE, "org-tenant", "third-party-index", "third-party-model"] as const;

/** The error codes spec §1.12 defines. The vocabulary is open (X1). */
export const ERROR_CODES = [
  "bad_request",
  "unsupported_kind",
  "unsupported_representation",
  "incompatible_version",
  "budget_unsatisfiable",
  "unavailable",
  "shutting_down",
  "internal",
] as const;
/** A defined error code. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Whether a code is one spec §1.12 defines (anything else is handled as `internal`, X1). */
export function isKnownErrorCode(code: string): code is ErrorCode {
  return (ERROR_CODES as readonly string[]).includes(code);
}

/** Codes a host may retry with backoff or a respawn (spec §1.12: `unavailable`, `shutting_down`). */
export function isRetryableErrorCode(code: ErrorCode): boolean {
  return code === "unavailable" || code === "shutting_down";
}
