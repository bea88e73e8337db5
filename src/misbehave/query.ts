/**
 * The query modes (spec §5.2): ignoring `kinds` (Q1), `anchors` (G4), the
 * `as_of` pin (Q2, and [later revision] its `valid_to` half), and a wrong
 * embedding length (E1).
 */
import type { CandidateFrame } from "../provider/definition.ts";
import { eachFrame, type Misbehaviour, rewriteQuery } from "./misbehaviour.ts";

/** `ignore-kinds` (Q1): the kit never sees the query's `kinds`. */
export const ignoreKinds: Misbehaviour = {
  request: rewriteQuery(({ kinds: _ignored, ...query }) => query),
};

/** Whether a candidate is anchored on one of `anchors` (G4: its uri, or a relation's target). */
function anchored(frame: CandidateFrame, anchors: readonly string[]): boolean {
  return (
    (frame.uri !== undefined && anchors.includes(frame.uri)) ||
    (frame.relations ?? []).some((relation) => anchors.includes(relation.target_uri))
  );
}

/** `ignore-anchors` (G4): still declares `graph`, ranks as if no anchor were given, and drops every anchored frame. */
export const ignoreAnchors: Misbehaviour = {
  definition: (definition) => ({
    ...definition,
    query: async (query, context) => {
      const anchors = query.anchors ?? [];
      const candidates = await definition.query({ ...query, anchors: [] }, context);
      return anchors.length === 0 ? candidates : candidates.filter((frame) => !anchored(frame, anchors));
    },
  }),
};

/** The date `ignore-as-of` gives its frames: after the 2.0.0 pin, before the later one. */
const LATE_VALID_FROM = "2026-09-01T00:00:00Z";
/** The date `ignore-valid-to` ends its frames: between the two pins. */
const EARLY_VALID_TO = "2026-08-01T00:00:00Z";

/** `ignore-as-of` (Q2): frames dated `valid_from` 2026-09-01, served whatever the pin. */
export const ignoreAsOf: Misbehaviour = {
  reply: eachFrame((frame) => ({ ...frame, valid_from: LATE_VALID_FROM })),
};

/** `ignore-valid-to` ([later revision] Q2): frames ending `valid_to` 2026-08-01, served for a later pin too. */
export const ignoreValidTo: Misbehaviour = {
  reply: eachFrame((frame) => ({ ...frame, valid_to: EARLY_VALID_TO })),
};

/** The fingerprint `accept-bad-embedding` declares (the reference fixture's). */
const DECLARED_FINGERPRINT = "bge-small-en-v1.5/384/l2";

/** `accept-bad-embedding` (E1): declares a 384-dimension fingerprint, and the kit never sees the embedding. */
export const acceptBadEmbedding: Misbehaviour = {
  definition: (definition) => ({
    ...definition,
    capabilities: { ...definition.capabilities, embeddings_fingerprint: DECLARED_FINGERPRINT },
  }),
  request: rewriteQuery(({ embedding: _ignored, ...query }) => query),
};
