/** Frame validity: F1–F5, D1, P1–P5, G1–G2 (spec §2.4–§2.8), as pure functions. */
import type { ContextFrame } from "../frame.ts";
import { isBlank, isDigest, isTimestamp } from "../grammars.ts";
import type { Representation } from "../vocabulary.ts";
import { type Violation, violation } from "./violation.ts";

/** What a frame is checked against beyond itself (P5): the provider's offer and the query's wish. */
export interface FrameContext {
  /** `offered_representations` of the serving provider (spec §1.5). */
  readonly offeredRepresentations?: readonly Representation[];
  /** The query's `representation_preferences` (spec §1.6). */
  readonly representationPreferences?: readonly Representation[];
}

type Check = (frame: ContextFrame, context: FrameContext) => Violation[];

const scoreInRange: Check = (frame) =>
  frame.score >= 0 && frame.score <= 1 ? [] : [violation("F1", "score must be within [0, 1]", { path: "score" })];

const titleNonEmpty: Check = (frame) =>
  isBlank(frame.title) ? [violation("F2", "title must be non-empty", { path: "title" })] : [];

const citationLabel: Check = (frame) =>
  isBlank(frame.citation_label)
    ? [violation("F3", "citation_label must be present and non-empty", { path: "citation_label" })]
    : [];

const timestamps: Check = (frame) =>
  (["valid_from", "valid_to", "recorded_at"] as const).flatMap((key) => {
    const value = frame[key];
    return value === undefined || isTimestamp(value)
      ? []
      : [violation("F4", `${key} must match the timestamp profile`, { path: key })];
  });

const provenanceDigests: Check = (frame) =>
  (frame.provenance ?? []).flatMap((link, i) => {
    const path = `provenance[${i}].digest`;
    if (link.digest !== undefined && !isDigest(link.digest))
      return [violation("F5", "provenance digest must be sha256:<64 lowercase hex>", { path })];
    if (link.type === "file" && link.digest === undefined)
      return [violation("F5", "file provenance must carry a digest", { path })];
    return [];
  });

const contentDigest: Check = (frame) =>
  frame.content_digest === undefined || isDigest(frame.content_digest)
    ? []
    : [violation("D1", "content_digest must be sha256:<64 lowercase hex>", { path: "content_digest" })];

const MEMBERS = ["content", "content_digest", "canonical_content_hash", "transform", "content_ref"] as const;
type RepresentationMember = (typeof MEMBERS)[number];

/** P1–P3 as a table: what each representation must and must not carry (spec §1.8). */
const INVARIANTS: Record<
  Representation,
  { anchor: string; must: RepresentationMember[]; mustNot: RepresentationMember[] }
> = {
  full: { anchor: "P1", must: ["content"], mustNot: ["content_ref", "transform", "canonical_content_hash"] },
  compact: {
    anchor: "P2",
    must: ["content", "content_digest", "canonical_content_hash", "transform", "content_ref"],
    mustNot: [],
  },
  reference: {
    anchor: "P3",
    must: ["content_ref", "canonical_content_hash"],
    mustNot: ["content", "content_digest", "transform"],
  },
};

const representationInvariants: Check = (frame) => {
  const representation = frame.representation ?? "full";
  const { anchor, must, mustNot } = INVARIANTS[representation];
  return [
    ...must
      .filter((key) => frame[key] === undefined)
      .map((key) => violation(anchor, `a ${representation} frame must carry ${key}`, { path: key })),
    ...mustNot
      .filter((key) => frame[key] !== undefined)
      .map((key) => violation(anchor, `a ${representation} frame must not carry ${key}`, { path: key })),
  ];
};

const referenceCost: Check = (frame) =>
  frame.representation === "reference" && frame.token_cost !== 0
    ? [
        violation("P4", "a reference frame carries no inline bytes, so its token_cost must be 0", {
          path: "token_cost",
        }),
      ]
    : [];

const representationNegotiated: Check = (frame, context) => {
  const representation = frame.representation ?? "full";
  const offered = context.offeredRepresentations;
  const wanted = context.representationPreferences;
  if (offered && !(offered.length === 0 ? ["full"] : offered).includes(representation)) {
    return [
      violation("P5", `representation ${representation} was not advertised by the provider`, {
        path: "representation",
      }),
    ];
  }
  if (wanted && representation !== "full" && !wanted.includes(representation)) {
    return [
      violation("P5", `representation ${representation} was not asked for (only full is a fallback)`, {
        path: "representation",
      }),
    ];
  }
  return [];
};

const relations: Check = (frame) =>
  (frame.relations ?? []).flatMap((relation, i) => [
    ...(isBlank(relation.display_name)
      ? [violation("G1", "relation display_name must be non-blank", { path: `relations[${i}].display_name` })]
      : []),
    ...(isBlank(relation.target_uri)
      ? [violation("G2", "relation target_uri must be non-blank", { path: `relations[${i}].target_uri` })]
      : []),
  ]);

const CHECKS: readonly Check[] = [
  scoreInRange,
  titleNonEmpty,
  citationLabel,
  timestamps,
  provenanceDigests,
  contentDigest,
  representationInvariants,
  referenceCost,
  representationNegotiated,
  relations,
];

/**
 * Frame validity (spec §2.4–§2.8: F1–F5, D1, P1–P5, G1–G2). Returns every
 * violation, empty when the frame is valid. P5 is checked only against what
 * `context` supplies. Token-cost honesty is a budget matter: see `checkTokenCost` (B3).
 */
export function checkFrame(frame: ContextFrame, context: FrameContext = {}): Violation[] {
  return CHECKS.flatMap((check) => check(frame, context));
}
