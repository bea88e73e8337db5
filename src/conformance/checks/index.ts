/** The 14 provider checks of spec §5.1, in the reference's order of execution (and of its report). */
import { anchorRelevanceCheck } from "./anchor-relevance.ts";
import { asOfTemporalCheck } from "./as-of-temporal.ts";
import { attestationCheck } from "./attestation.ts";
import { budgetHonestyCheck } from "./budget-honesty.ts";
import type { ProviderCheck } from "./check.ts";
import { consentScopeCheck } from "./consent-scope.ts";
import { correlationCheck } from "./correlation.ts";
import { embeddingFingerprintCheck } from "./embedding-fingerprint.ts";
import { frameValidityCheck } from "./frame-validity.ts";
import { handshakeCheck } from "./handshake.ts";
import { kindsFilterCheck } from "./kinds-filter.ts";
import { malformedInputCheck } from "./malformed-input.ts";
import { provenanceCheck } from "./provenance.ts";
import { shutdownCleanCheck } from "./shutdown-clean.ts";
import { verifyHonestyCheck } from "./verify-honesty.ts";

/**
 * handshake → consent-scope → (the probe query) frame-validity,
 * verify-honesty, budget-honesty → as-of-temporal → kinds-filter →
 * anchor-relevance → provenance-fixture-consistency → shutdown-clean → then
 * fresh connections for the four wire-level probes (spec §5.1).
 */
export const PROVIDER_CHECKS: readonly ProviderCheck[] = [
  handshakeCheck,
  consentScopeCheck,
  frameValidityCheck,
  verifyHonestyCheck,
  budgetHonestyCheck,
  asOfTemporalCheck,
  kindsFilterCheck,
  anchorRelevanceCheck,
  provenanceCheck,
  shutdownCleanCheck,
  malformedInputCheck,
  embeddingFingerprintCheck,
  correlationCheck,
  attestationCheck,
];

/** The provider checks' names, in report order (for a panel that lists them before they run). */
export const PROVIDER_CHECK_NAMES: readonly string[] = PROVIDER_CHECKS.map((check) => check.name);
