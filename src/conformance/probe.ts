/** The suite's fixed probes (spec §1.6, §1.10, §5.1), exactly as the reference conformance suite sends them. */
import type { ContextQuery } from "../protocol/query.ts";

/** The probe query (spec §1.6: serialized exactly as the reference suite's, no `id`). */
export const PROBE_QUERY: ContextQuery = {
  goal: "conformance probe: return your most relevant frames",
  query_text: "conformance probe",
  max_frames: 8,
  max_tokens: 4096,
};

/** The probe query with another goal (`--query GOAL`): the goal is also the query text. */
export function probeQuery(goal?: string): ContextQuery {
  return goal === undefined ? PROBE_QUERY : { ...PROBE_QUERY, goal, query_text: goal };
}

/** The local id the suite registers the provider under, which 2.0.0 puts in verify requests (spec §1.10, §5.1). */
export const LOCAL_PROVIDER_ID = "provider-under-test";

/** What `verify-honesty` appends to every digest for its second round (spec §5.1, §7 item 2). */
export const MUTATED_DIGEST_SUFFIX = "-contextgraph-conformance-mutated";

/** The `as_of` pins: 2.0.0 probes the first; the later revision (Q2) both (spec §5.1). */
export const AS_OF_PINS = ["2026-07-01T00:00:00Z", "2026-10-01T00:00:00Z"] as const;

/** The id the `correlation` probe sends (spec §5.1, H4). */
export const CORRELATION_PROBE_ID = "cgp-conformance-h4-7f3a";

/** The raw line `malformed-input-tolerance` sends first (spec §5.1). */
export const GARBAGE_LINE = "this is not valid json {{{";

/** The later-revision malformed lines (spec §5.1): a bare JSON value, and a `query` without its payload. */
export const LATER_MALFORMED_LINES = ["42", '{"type":"query"}'] as const;
