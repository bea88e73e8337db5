/** Cross-provider dedup, step 1 of composition (spec §4.8, D2). */
import type { Provenance } from "../../protocol/frame.ts";
import type { AuditEntry } from "./audit.ts";
import { auditEntry, type Candidate } from "./candidate.ts";
import { compareFrameIds } from "../../protocol/frame-order.ts";

/** The keys under which two candidates count as the same evidence: identity (D2), content digest, `file` link (uri + range). */
function evidenceKeys(candidate: Candidate): string[] {
  const { provider_id, frame_id, content_digest } = candidate.frameId;
  const keys = [JSON.stringify(["identity", provider_id, frame_id, content_digest ?? null])];
  if (content_digest !== undefined) keys.push(JSON.stringify(["digest", content_digest]));
  for (const link of candidate.provenance) {
    if (link.type === "file" && link.uri !== undefined)
      keys.push(JSON.stringify(["file", link.uri, link.range ?? null]));
  }
  return keys;
}

/** A key equal for two links exactly when all six members are (absent ≠ empty). */
function linkKey(link: Provenance): string {
  return JSON.stringify([
    link.type,
    link.uri ?? null,
    link.range ?? null,
    link.digest ?? null,
    link.method ?? null,
    link.by ?? null,
  ]);
}

/** The kept member's links, then every other member's links not already present, in canonical order. */
function mergeProvenance(kept: Candidate, group: readonly Candidate[]): Provenance[] {
  const merged = [...kept.provenance];
  const present = new Set(merged.map(linkKey));
  for (const link of group.flatMap((member) => member.provenance)) {
    const key = linkKey(link);
    if (!present.has(key)) {
      present.add(key);
      merged.push(link);
    }
  }
  return merged;
}

/**
 * Step 1 of `compose_for_prompt` (spec §4.8): sorts candidates by FrameId and
 * greedily groups "the same evidence" — an equal identity (D2), an equal
 * `content_digest` (of the FrameId), or a shared `file` provenance link with
 * equal, present `uri` and equal `range`. A candidate joins the group of its
 * first key already seen, and a key stays with the first group that had it
 * ([inferred]: the spec says only "greedily"). Each group keeps its highest score
 * (ties keep the earlier in canonical order) with the group's provenance
 * merged in; every other member gets `excluded: duplicate { kept }`.
 */
export function dedupCandidates(candidates: readonly Candidate[]): {
  survivors: Candidate[];
  duplicates: AuditEntry[];
} {
  const groups: Candidate[][] = [];
  const groupOfKey = new Map<string, Candidate[]>();
  for (const candidate of [...candidates].sort((a, b) => compareFrameIds(a.frameId, b.frameId))) {
    const keys = evidenceKeys(candidate);
    let group = keys.map((key) => groupOfKey.get(key)).find((found) => found !== undefined);
    if (!group) {
      group = [];
      groups.push(group);
    }
    group.push(candidate);
    for (const key of keys) if (!groupOfKey.has(key)) groupOfKey.set(key, group);
  }
  const survivors: Candidate[] = [];
  const duplicates: AuditEntry[] = [];
  for (const group of groups) {
    const kept = group.reduce((best, member) => (member.frame.score > best.frame.score ? member : best));
    survivors.push(group.length === 1 ? kept : { ...kept, provenance: mergeProvenance(kept, group) });
    for (const member of group) {
      if (member !== kept)
        duplicates.push(auditEntry(member, { kind: "excluded", reason: { kind: "duplicate", kept: kept.frameId } }));
    }
  }
  return { survivors, duplicates };
}
