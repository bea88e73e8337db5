/**
 * The frame-validity modes (spec §5.2: F1, F3, F4, F5, P3, [later revision]
 * F17) and `stale-digest` (F5 bytes). A change of provenance is made to the
 * candidates, so the kit signs the frames as served; the others are made to
 * the reply, in members no commitment covers.
 */
import type { Provenance } from "../protocol/frame.ts";
import type { CandidateFrame } from "../provider/definition.ts";
import { eachCandidate, eachFrame, type Misbehaviour } from "./misbehaviour.ts";

/** The candidate with every `file` link changed by `change`. */
function eachFileLink(candidate: CandidateFrame, change: (link: Provenance) => Provenance): CandidateFrame {
  const provenance = candidate.provenance?.map((link) => (link.type === "file" ? change(link) : link));
  return provenance === undefined ? candidate : { ...candidate, provenance };
}

/** A digest with its last hex digit flipped: still `sha256:<64 hex>`, no longer the bytes'. */
function flipLastDigit(digest: string): string {
  const last = Number.parseInt(digest.slice(-1), 16);
  return `${digest.slice(0, -1)}${(last ^ 1).toString(16)}`;
}

/** `bad-score` (F1): the first frame scores 1.5. */
export const badScore: Misbehaviour = {
  reply: eachFrame((frame, i) => (i === 0 ? { ...frame, score: 1.5 } : frame)),
};

/** `empty-citation` (F3): the first frame's citation label is empty. */
export const emptyCitation: Misbehaviour = {
  reply: eachFrame((frame, i) => (i === 0 ? { ...frame, citation_label: "" } : frame)),
};

/**
 * `bad-timestamp` (F4): every frame is dated `valid_from: "last tuesday"`.
 * The kit cannot place such a frame in time, so a pinned query gets none:
 * only frame validity sees the date.
 */
export const badTimestamp: Misbehaviour = {
  definition: (definition) => eachCandidate(definition, (candidate) => ({ ...candidate, valid_from: "last tuesday" })),
};

/** `malformed-digest` (F5): every `file` link's digest is `sha256:abc` (and is signed so). */
export const malformedDigest: Misbehaviour = {
  definition: (definition) =>
    eachCandidate(definition, (candidate) => eachFileLink(candidate, (link) => ({ ...link, digest: "sha256:abc" }))),
};

/** `lying-representation` (P3): the first frame says `reference` and still carries its content. */
export const lyingRepresentation: Misbehaviour = {
  reply: eachFrame((frame, i) => (i === 0 ? { ...frame, representation: "reference" } : frame)),
};

/** `stale-digest` (F5 bytes): every `file` link's digest has one hex digit flipped (and is signed so). */
export const staleDigest: Misbehaviour = {
  definition: (definition) =>
    eachCandidate(definition, (candidate) =>
      eachFileLink(candidate, (link) =>
        link.digest === undefined ? link : { ...link, digest: flipLastDigit(link.digest) },
      ),
    ),
};

/** `unrecognised-range` ([later revision] F17): every `file` range is written `lines A to B` (and signed so). */
export const unrecognisedRange: Misbehaviour = {
  definition: (definition) =>
    eachCandidate(definition, (candidate) =>
      eachFileLink(candidate, (link) =>
        link.range === undefined ? link : { ...link, range: link.range.replace(/^L(\d+)-(\d+)$/, "lines $1 to $2") },
      ),
    ),
};
