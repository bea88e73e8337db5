// What the conformance tests expect, written here from spec §5.1 and §5.2 (not read from the code under
// test): the provider checks in report order, which are wire-level, and for each misbehave mode the
// check that must fail and a word its evidence must carry (the anchor or verdict that names the lie).

/** The 14 provider checks, in the reference's order of execution (spec §5.1). */
export const PROVIDER_CHECKS = [
  "handshake",
  "consent-scope",
  "frame-validity",
  "verify-honesty",
  "budget-honesty",
  "as-of-temporal",
  "kinds-filter",
  "anchor-relevance",
  "provenance-fixture-consistency",
  "shutdown-clean",
  "malformed-input-tolerance",
  "embedding-fingerprint",
  "correlation",
  "attestation",
] as const;

/** The 9 host checks of §5.3 and the 4 composition checks of §5.4, in the spec's order. */
export const HOST_CHECKS = [
  "host-version-reject",
  "host-budget-drop",
  "host-frame-limit",
  "host-consent-gate",
  "host-scope-receipt",
  "host-provenance-bytes",
  "host-content-quoting",
  "host-crash-isolation",
  "host-composition-audit",
  "composition-budget-bound",
  "composition-total-partition",
  "composition-quarantine",
  "composition-determinism",
];

/** The wire-level probes: skipped on HTTP and in-page targets (spec §5.1). */
export const WIRE_CHECKS: readonly string[] = [
  "malformed-input-tolerance",
  "embedding-fingerprint",
  "correlation",
  "attestation",
];

/** One mode's expectation: the check that must fail, and what its evidence must say. */
export interface ModeExpectation {
  readonly mode: string;
  readonly trips: string;
  readonly evidence: RegExp;
}

/** Every mode of spec §5.2 (and the two attestation modes frameline names), with its failing check. */
export const MODES: readonly ModeExpectation[] = [
  { mode: "lying-costs", trips: "budget-honesty", evidence: /^B1: declared cost \d+ exceeds max_tokens 4096/ },
  {
    mode: "under-report-cost",
    trips: "budget-honesty",
    evidence: /B3 frame .* token_cost is 1, canonical cost is \d+/,
  },
  { mode: "flood-frames", trips: "budget-honesty", evidence: /^B4: 64 frames exceed max_frames 8/ },
  { mode: "bad-score", trips: "frame-validity", evidence: /^F1 frame .* score/ },
  { mode: "empty-citation", trips: "frame-validity", evidence: /^F3 frame .* citation_label/ },
  { mode: "bad-timestamp", trips: "frame-validity", evidence: /^F4 frame .* valid_from/ },
  { mode: "malformed-digest", trips: "frame-validity", evidence: /^F5 frame .* provenance\[0\]\.digest/ },
  { mode: "lying-representation", trips: "frame-validity", evidence: /^P3 frame / },
  {
    mode: "stale-digest",
    trips: "provenance-fixture-consistency",
    evidence: /^F5 frame .* declared sha256:[0-9a-f]{64}, the bytes hash to sha256:[0-9a-f]{64}/,
  },
  { mode: "bad-version", trips: "handshake", evidence: /^H1 .*acked "contextgraph\/2\.0"/ },
  { mode: "crash-on-query", trips: "frame-validity", evidence: /^the probe query failed/ },
  {
    mode: "crash-on-garbage",
    trips: "malformed-input-tolerance",
    evidence: /^R1: after a line of garbage, the provider exited/,
  },
  {
    mode: "mislabel-malformed",
    trips: "malformed-input-tolerance",
    evidence: /^R1: after a line of garbage, the provider answered an error with code "internal"/,
  },
  { mode: "drop-correlation-id", trips: "correlation", evidence: /^H4: the frames reply carried no id/ },
  { mode: "ignore-kinds", trips: "kinds-filter", evidence: /^Q1 frame .* was not asked for/ },
  { mode: "ignore-anchors", trips: "anchor-relevance", evidence: /^G4: none of the \d+ frames/ },
  {
    mode: "ignore-as-of",
    trips: "as-of-temporal",
    evidence: /^Q2 frame .* valid_from "2026-09-01T00:00:00Z" is after as_of 2026-07-01T00:00:00Z/,
  },
  { mode: "accept-bad-embedding", trips: "embedding-fingerprint", evidence: /^E1: the provider served frames/ },
  { mode: "rubber-stamp-verify", trips: "verify-honesty", evidence: /^V4 frame .* valid for a mutated digest/ },
  { mode: "hollow-verify", trips: "verify-honesty", evidence: /^V3 frame .* unknown for its current digest/ },
  { mode: "scope-lie", trips: "consent-scope", evidence: /^C5 .*off-machine egress scope declared with egress:false/ },
  { mode: "lift-signature", trips: "attestation", evidence: /~lifted" attestation: CommitmentMismatch/ },
  { mode: "forge-signature", trips: "attestation", evidence: /BadSignature/ },
  { mode: "truncate-chain", trips: "attestation", evidence: /CommitmentMismatch/ },
  { mode: "inline-attestation", trips: "attestation", evidence: /F6 frame .* member "attestation"/ },
  { mode: "identity-only-signature", trips: "attestation", evidence: /ValidIdentityOnly/ },
  { mode: "unknown-algorithm", trips: "attestation", evidence: /UnknownAlgorithm "dilithium3"/ },
  {
    mode: "ignore-valid-to",
    trips: "as-of-temporal",
    evidence:
      /valid_to "2026-08-01T00:00:00Z" is not after as_of 2026-10-01T00:00:00Z.*one-sided rule alone would pass/,
  },
  { mode: "unrecognised-range", trips: "frame-validity", evidence: /^F17 frame .* provenance\[0\]\.range/ },
  {
    mode: "crash-on-missing-payload",
    trips: "malformed-input-tolerance",
    evidence: /after a query without its payload, the provider exited/,
  },
];

/**
 * The checks a mode makes fail besides the one it trips, on a target where that many can run: only
 * the crashes, whose dead provider fails every check that queries it afterwards. Every other mode
 * breaks exactly one guarantee, so exactly one check fails.
 */
export function alsoFailing(mode: string, wire: boolean): readonly string[] {
  if (mode !== "crash-on-query") return [];
  const host = ["budget-honesty", "as-of-temporal", "kinds-filter"];
  return wire ? [...host, "malformed-input-tolerance", "correlation", "attestation"] : host;
}
