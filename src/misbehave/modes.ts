/**
 * The `--misbehave` modes of the example provider (spec §5.2): one per way
 * of breaking the spec, each breaking exactly one guarantee, each caught by
 * the check it names. The help text says "(trips `check`)", as the
 * reference fixture's does.
 */

/** What one mode breaks, and which check must fail because of it. */
export interface MisbehaveModeInfo {
  /** The check(s) that must fail (spec §5.2). */
  readonly trips: readonly string[];
  /** The requirement it breaks. */
  readonly breaks: string;
  /** `2.0.0`, or a mode of a later revision, or one frameline adds where the spec leaves the name open. */
  readonly revision: "2.0.0" | "later revision" | "frameline";
  /** Whether it needs a signing key (the attestation modes). */
  readonly needsSigner: boolean;
  /** What the provider does, in a sentence. */
  readonly does: string;
}

const mode = (
  trips: string | readonly string[],
  breaks: string,
  does: string,
  extra: Partial<Pick<MisbehaveModeInfo, "revision" | "needsSigner">> = {},
): MisbehaveModeInfo => ({
  trips: typeof trips === "string" ? [trips] : trips,
  breaks,
  does,
  revision: extra.revision ?? "2.0.0",
  needsSigner: extra.needsSigner ?? false,
});

/** Every mode, in the order of spec §5.2. */
export const MISBEHAVE_MODES = {
  "lying-costs": mode("budget-honesty", "B1", "declares token_cost 99999 on every frame"),
  "under-report-cost": mode("budget-honesty", "B3", "declares token_cost 1 on full-size content"),
  "flood-frames": mode("budget-honesty", "B4", "returns 64 individually cheap honest frames (single lines)"),
  "bad-score": mode("frame-validity", "F1", "gives the first frame score 1.5"),
  "empty-citation": mode("frame-validity", "F3", 'gives the first frame citation_label ""'),
  "bad-timestamp": mode("frame-validity", "F4", 'dates every frame valid_from "last tuesday"'),
  "malformed-digest": mode("frame-validity", "F5", 'gives every file provenance the digest "sha256:abc"'),
  "lying-representation": mode(
    "frame-validity",
    "P3",
    "declares the first frame reference yet keeps its inline content",
  ),
  "stale-digest": mode(
    "provenance-fixture-consistency",
    "F5",
    "flips one hex digit of every file provenance digest (still well-formed, no longer the file's)",
  ),
  "bad-version": mode("handshake", "H1", "acks contextgraph/2.0"),
  "crash-on-query": mode(["frame-validity", "budget-honesty"], "R1", "exits when a query arrives"),
  "crash-on-garbage": mode("malformed-input-tolerance", "R1", "exits on a line that is not JSON"),
  "mislabel-malformed": mode(
    "malformed-input-tolerance",
    "R1",
    "answers an undecodable line with code internal instead of bad_request",
  ),
  "drop-correlation-id": mode("correlation", "H4", "omits the id on correlated replies"),
  "ignore-kinds": mode("kinds-filter", "Q1", "ignores query.kinds"),
  "ignore-anchors": mode("anchor-relevance", "G4", "declares graph but drops every anchored frame"),
  "ignore-as-of": mode("as-of-temporal", "Q2", "dates its frames valid_from 2026-09-01 and ignores the as_of pin"),
  "accept-bad-embedding": mode(
    "embedding-fingerprint",
    "E1",
    "declares a 384-dimension fingerprint and serves a wrong-length embedding instead of bad_request",
  ),
  "rubber-stamp-verify": mode("verify-honesty", "V3", "answers valid to every verify entry"),
  "hollow-verify": mode("verify-honesty", "V2", "advertises verify, answers unknown to everything"),
  "scope-lie": mode("consent-scope", "C5", "declares egress:false with scope third-party-index"),
  "lift-signature": mode(
    "attestation",
    "F7",
    "serves two frames identical except id and staples frame 1's genuine attestation onto frame 2",
    { needsSigner: true },
  ),
  "forge-signature": mode("attestation", "F7", "signs honest commitments with a key it did not publish", {
    needsSigner: true,
  }),
  "truncate-chain": mode(
    "attestation",
    "F7",
    "signs a provenance chain with an extra derivation link but serves the frames without it",
    { needsSigner: true },
  ),
  "inline-attestation": mode("attestation", "F6", "puts each frame's attestation inside the frame, none detached", {
    needsSigner: true,
    revision: "frameline",
  }),
  "identity-only-signature": mode(
    "attestation",
    "F14",
    "drops content_digest and signs the frames anyway (identity only)",
    { needsSigner: true, revision: "frameline" },
  ),
  "unknown-algorithm": mode("attestation", "F8", "relabels its honest attestations dilithium3", {
    needsSigner: true,
    revision: "later revision",
  }),
  "ignore-valid-to": mode("as-of-temporal", "Q2", "dates its frames valid_to 2026-08-01 and ignores it for as_of", {
    revision: "later revision",
  }),
  "unrecognised-range": mode("frame-validity", "F17", 'writes every file range as "lines A to B"', {
    revision: "later revision",
  }),
  "crash-on-missing-payload": mode("malformed-input-tolerance", "R1", "exits on a query that has no payload", {
    revision: "later revision",
  }),
} as const satisfies Record<string, MisbehaveModeInfo>;

/** A mode's name. */
export type MisbehaveMode = keyof typeof MISBEHAVE_MODES;

/** Whether `name` names a mode. */
export function isMisbehaveMode(name: string): name is MisbehaveMode {
  return Object.hasOwn(MISBEHAVE_MODES, name);
}

/** One help line: `mode  what it does (trips \`check\`)`. */
export function misbehaveHelp(name: MisbehaveMode): string {
  const info: MisbehaveModeInfo = MISBEHAVE_MODES[name];
  return `${name}: ${info.does} (trips ${info.trips.map((check) => `\`${check}\``).join(" and ")})`;
}
