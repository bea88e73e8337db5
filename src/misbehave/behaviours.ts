/** Every mode's misbehaviour (spec §5.2), by name. */
import {
  forgeSignature,
  identityOnlySignature,
  inlineAttestation,
  liftSignature,
  truncateChain,
  unknownAlgorithm,
} from "./attestation.ts";
import { lyingCosts, underReportCost } from "./costs.ts";
import { floodFrames } from "./flood.ts";
import { badVersion, scopeLie } from "./handshake.ts";
import type { Misbehaviour } from "./misbehaviour.ts";
import type { MisbehaveMode } from "./modes.ts";
import { acceptBadEmbedding, ignoreAnchors, ignoreAsOf, ignoreKinds, ignoreValidTo } from "./query.ts";
import {
  badScore,
  badTimestamp,
  emptyCitation,
  lyingRepresentation,
  malformedDigest,
  staleDigest,
  unrecognisedRange,
} from "./validity.ts";
import { hollowVerify, rubberStampVerify } from "./verify.ts";
import { crashOnGarbage, crashOnMissingPayload, crashOnQuery, dropCorrelationId, mislabelMalformed } from "./wire.ts";

/** The misbehaviour of each mode. */
export const BEHAVIOURS: Readonly<Record<MisbehaveMode, Misbehaviour>> = {
  "lying-costs": lyingCosts,
  "under-report-cost": underReportCost,
  "flood-frames": floodFrames,
  "bad-score": badScore,
  "empty-citation": emptyCitation,
  "bad-timestamp": badTimestamp,
  "malformed-digest": malformedDigest,
  "lying-representation": lyingRepresentation,
  "stale-digest": staleDigest,
  "bad-version": badVersion,
  "crash-on-query": crashOnQuery,
  "crash-on-garbage": crashOnGarbage,
  "mislabel-malformed": mislabelMalformed,
  "drop-correlation-id": dropCorrelationId,
  "ignore-kinds": ignoreKinds,
  "ignore-anchors": ignoreAnchors,
  "ignore-as-of": ignoreAsOf,
  "accept-bad-embedding": acceptBadEmbedding,
  "rubber-stamp-verify": rubberStampVerify,
  "hollow-verify": hollowVerify,
  "scope-lie": scopeLie,
  "lift-signature": liftSignature,
  "forge-signature": forgeSignature,
  "truncate-chain": truncateChain,
  "inline-attestation": inlineAttestation,
  "identity-only-signature": identityOnlySignature,
  "unknown-algorithm": unknownAlgorithm,
  "ignore-valid-to": ignoreValidTo,
  "unrecognised-range": unrecognisedRange,
  "crash-on-missing-payload": crashOnMissingPayload,
};
