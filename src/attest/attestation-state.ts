/**
 * The host's per-frame outcome, `AttestationState` (spec §3.13), and how one
 * piece of evidence becomes one: the reference checker's order of checks, and
 * how the states of a frame's several pieces of evidence combine.
 */
import type { AttesterKey, ProvenanceAttestation } from "../protocol/attestation.ts";
import { type AttestationVerdict, signatureVerifies } from "./verdict.ts";
import { ED25519 } from "./verify.ts";

/**
 * What the evidence for one frame (or the result root) amounts to, as the
 * reference host's `AttestationState` (spec §3.13). `attested.coversContent` is
 * false for `valid_identity_only` (F15, F16).
 */
export type AttestationState =
  | { readonly state: "unattested" }
  | { readonly state: "attested"; readonly keyId: string; readonly attesterId: string; readonly coversContent: boolean }
  | { readonly state: "no_trusted_key"; readonly keyId: string }
  | { readonly state: "unknown_algorithm"; readonly algorithm: string }
  | { readonly state: "unusable_evidence"; readonly reason: string }
  | { readonly state: "invalid"; readonly verdict: AttestationVerdict };

/** The state of evidence whose signature verifies. */
type Attested = Extract<AttestationState, { readonly state: "attested" }>;

/** Public keys (64 hex) by `key_id`: the checker's key lookup table (spec §3.13). */
export type KeyTable = ReadonlyMap<string, string>;

/**
 * The key lookup table of `attesterKeys` (spec §3.13: `key_id` is only a
 * lookup label, and an id is never reused for another key). A key id listed
 * more than once is left out whichever keys it names: with two candidates,
 * neither can be the one the signer meant, so evidence under that id is
 * `no_trusted_key` rather than judged by whichever entry came last [inferred].
 */
export function keyTable(attesterKeys: readonly AttesterKey[]): KeyTable {
  const table = new Map<string, string>();
  const repeated = new Set<string>();
  for (const key of attesterKeys) {
    if (table.has(key.key_id)) repeated.add(key.key_id);
    else table.set(key.key_id, key.public_key);
  }
  for (const id of repeated) table.delete(id);
  return table;
}

const SIGNED_COMMITMENT_CHARS = 71;
const SIGNATURE_CHARS = 128;

/**
 * The state of one attestation, in the reference checker's order (spec
 * §3.13): algorithm, key lookup (no key ⇒ no crypto work), cheap lengths,
 * then `verdict` under the key found.
 */
export async function evidenceState(
  attestation: ProvenanceAttestation,
  keys: KeyTable,
  verdict: (publicKey: string) => Promise<AttestationVerdict>,
): Promise<AttestationState> {
  if (attestation.algorithm !== ED25519) return { state: "unknown_algorithm", algorithm: attestation.algorithm };
  const publicKey = keys.get(attestation.key_id);
  if (publicKey === undefined) return { state: "no_trusted_key", keyId: attestation.key_id };
  if (
    attestation.signed_commitment.length !== SIGNED_COMMITMENT_CHARS ||
    attestation.signature.length !== SIGNATURE_CHARS
  ) {
    return { state: "unusable_evidence", reason: "signed_commitment or signature has the wrong length" };
  }
  const found = await verdict(publicKey);
  if (!signatureVerifies(found)) return { state: "invalid", verdict: found };
  return {
    state: "attested",
    keyId: attestation.key_id,
    attesterId: attestation.attester_id,
    coversContent: found.kind === "valid",
  };
}

/**
 * One frame's state from the states of its evidence (spec §3.11: tampering is
 * reported as tampering): `invalid` wins, then `attested` (content-binding
 * first), then the first of the rest; no evidence is `unattested`.
 */
export function combineStates(states: readonly AttestationState[]): AttestationState {
  const invalid = states.find((s) => s.state === "invalid");
  if (invalid) return invalid;
  const attested = states.filter((s): s is Attested => s.state === "attested");
  const best = attested.find((s) => s.coversContent) ?? attested[0];
  return best ?? states[0] ?? { state: "unattested" };
}
