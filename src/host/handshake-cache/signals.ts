/**
 * What says that a cached `handshake_ack` no longer describes its provider
 * (spec §4.2 step 5, §1.12, §3.13): the triggers of a fresh handshake.
 * Precisely, and nothing else:
 *
 * - an `error` answering a request (over HTTP, also a refused request whose
 *   body is an `error`) with the effective code `incompatible_version` (the
 *   provider now speaks another family, H3), `shutting_down` (the reaction is
 *   Respawn: what answers next is a new instance), `unsupported_kind` for a
 *   query asking for a kind the cached capabilities list, or
 *   `unsupported_representation` (the host asks only for advertised ones, P5);
 * - an answer signed under a `key_id` the cached ack does not publish
 *   (rotation is a new key id, §3.13);
 * - an answer whose signature, under the key the cached ack publishes for its
 *   `key_id`, does not verify over the commitment it signs: the provider put
 *   a new key under an old id (which §3.13 forbids, and happens), or the
 *   signature was forged; a fresh ack tells which. One signature is checked
 *   per answer (the result attestation's, else the first frame's), against
 *   its own `signed_commitment`, so altered content is not mistaken for it;
 * - an answer whose `frame_attestations` name another provider than the
 *   cached `provider.name` (the name every commitment is built on, §3.6).
 *
 * An unknown or absent code reads as `internal` (X1, X2) and is not a signal.
 */
import { parseDigestString } from "../../attest/bytes.ts";
import { verifyCommitment } from "../../attest/verify.ts";
import type { ProvenanceAttestation } from "../../protocol/attestation.ts";
import type { HandshakeAck } from "../../protocol/envelope.ts";
import type { ErrorCode } from "../../protocol/vocabulary.ts";
import type { ContextQueryResult } from "../../protocol/result.ts";
import { HostError } from "../host-error.ts";

/** Why a cached ack was dropped for a fresh handshake (spec §4.2 step 5; the list is in the module comment). */
export type IdentitySignal =
  | { readonly kind: "error"; readonly code: ErrorCode }
  | { readonly kind: "unknown_key"; readonly keyId: string }
  | { readonly kind: "changed_key"; readonly keyId: string }
  | { readonly kind: "renamed" };

/** The effective error codes that always signal a changed provider (spec §1.12). */
const ALWAYS: ReadonlySet<ErrorCode> = new Set(["incompatible_version", "shutting_down", "unsupported_representation"]);

/**
 * The signal in a failed request, if any: a `HostError` of kind `provider`
 * (or `transport` with an `error` body) whose effective code is one of the
 * above. `requestedKinds` are the kinds the query asked for (none for a
 * `verify`, where `unsupported_kind` cannot mean anything).
 */
export function errorSignal(
  error: unknown,
  ack: HandshakeAck,
  requestedKinds: readonly string[] | undefined,
): IdentitySignal | undefined {
  if (!(error instanceof HostError) || (error.kind !== "provider" && error.kind !== "transport")) return undefined;
  const code = error.details.code;
  if (code === undefined) return undefined;
  if (ALWAYS.has(code)) return { kind: "error", code };
  if (code !== "unsupported_kind" || requestedKinds === undefined) return undefined;
  const served = ack.capabilities.query.kinds ?? [];
  const promised = requestedKinds.length === 0 ? served.length > 0 : requestedKinds.some((k) => served.includes(k));
  return promised ? { kind: "error", code } : undefined;
}

/**
 * Whether `attestation`'s signature fails under the one key `ack` publishes
 * for its `key_id`, checked over its own `signed_commitment` (what the
 * commitment should be is the audit's business). No key, a key id listed
 * twice, another algorithm or a malformed field is not this signal.
 */
async function signedUnderAnotherKey(attestation: ProvenanceAttestation, ack: HandshakeAck): Promise<boolean> {
  const keys = (ack.attester_keys ?? []).filter((key) => key.key_id === attestation.key_id);
  const signed = parseDigestString(attestation.signed_commitment);
  if (keys.length !== 1 || !signed) return false;
  const verdict = await verifyCommitment(signed, attestation, keys[0]!.public_key);
  return verdict.kind === "bad_signature";
}

/**
 * The signal in an answer, if any: a key id the ack does not publish, an
 * attestation entry naming another provider, or a signature its published
 * key does not verify. Reads at most one entry per frame (spec §3.12's
 * bound) and the result attestation, and checks one signature.
 */
export async function answerSignal(result: ContextQueryResult, ack: HandshakeAck): Promise<IdentitySignal | undefined> {
  const published = new Set((ack.attester_keys ?? []).map((key) => key.key_id));
  const entries = (result.frame_attestations ?? []).slice(0, result.frames.length);
  for (const entry of entries) {
    if (entry.frame.provider_id !== ack.provider.name) return { kind: "renamed" };
    const keyId = entry.attestation?.key_id;
    if (keyId !== undefined && !published.has(keyId)) return { kind: "unknown_key", keyId };
  }
  const rootKey = result.result_attestation?.key_id;
  if (rootKey !== undefined && !published.has(rootKey)) return { kind: "unknown_key", keyId: rootKey };
  // The one signature checked: the result's, else the first frame entry's.
  const sample = result.result_attestation ?? entries.find((entry) => entry.attestation)?.attestation;
  return sample && (await signedUnderAnotherKey(sample, ack))
    ? { kind: "changed_key", keyId: sample.key_id }
    : undefined;
}
