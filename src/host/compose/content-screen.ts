/** Frames whose bytes are not what their digest names, kept out of composition (spec §1.8 #5, §3.6, D1, D2). */
import type { AuditEntry } from "./audit.ts";
import { auditEntry, type Candidate } from "./candidate.ts";

/**
 * What composition does with a frame whose inline content does not hash to
 * its `content_digest`: leave it out (the default), or include it with
 * `contentMismatch` on its audit entry and citation.
 */
export type AlteredContentPolicy = "exclude" | "include_flagged";

/**
 * Before dedup (spec §4.8 step 1) [inferred: the reference composer takes
 * digests on trust]: under `exclude`, every candidate whose content does not
 * match its digest gets `excluded: content_mismatch { declared, recomputed }`,
 * so altered text is never presented as evidence, nor wins a dedup group
 * under a digest it does not have. Under `include_flagged` all pass on.
 */
export function screenContent(
  candidates: readonly Candidate[],
  policy: AlteredContentPolicy,
): { passed: Candidate[]; altered: AuditEntry[] } {
  if (policy === "include_flagged") return { passed: [...candidates], altered: [] };
  const passed: Candidate[] = [];
  const altered: AuditEntry[] = [];
  for (const candidate of candidates) {
    const { binding } = candidate;
    if (binding.kind !== "mismatch") passed.push(candidate);
    else
      altered.push(
        auditEntry(candidate, {
          kind: "excluded",
          reason: { kind: "content_mismatch", declared: binding.declared, recomputed: binding.recomputed },
        }),
      );
  }
  return { passed, altered };
}
