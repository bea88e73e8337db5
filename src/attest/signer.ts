/** `Signer`: what a provider signs with, and the `AttesterKey` it publishes (spec §1.4, §3.9, §3.13). */
import type { AttesterKey } from "../protocol/attestation.ts";
import { AttestationError } from "./attestation-error.ts";
import { fromHex, toHex } from "./bytes.ts";
import { defaultEngine, type Ed25519Engine } from "./ed25519.ts";
import { ED25519 } from "./verify.ts";

/**
 * A signing key. `attesterKey` goes into `handshake_ack.attester_keys`;
 * `attesterId` names the accountable party in each attestation. Key rotation
 * is a new signer with a new `keyId`, never a reused one.
 */
export interface Signer {
  readonly attesterKey: AttesterKey;
  readonly attesterId: string;
  /** Signs the 32 raw bytes of a commitment (spec §3.9). */
  sign(commitment: Uint8Array): Promise<Uint8Array>;
}

/** How a signer names itself. `keyId` may be derived from the public key (lowercase hex). */
export interface SignerIdentity {
  readonly keyId: string | ((publicKeyHex: string) => string);
  readonly attesterId: string;
}

function attesterKey(keyId: SignerIdentity["keyId"], publicKey: Uint8Array): AttesterKey {
  const hex = toHex(publicKey);
  return { key_id: typeof keyId === "function" ? keyId(hex) : keyId, algorithm: ED25519, public_key: hex };
}

/**
 * A signer from a 32-byte seed in lowercase hex (e.g. a Worker secret). The
 * seed stays inside the closure; errors never quote it.
 */
export async function signerFromSeed(
  seedHex: string,
  identity: SignerIdentity & { engine?: Ed25519Engine },
): Promise<Signer> {
  const seed = fromHex(seedHex, 32);
  if (!seed) throw new AttestationError("invalid_seed", "the seed must be 32 bytes as 64 lowercase hex characters");
  const engine = identity.engine ?? (await defaultEngine());
  const publicKey = await engine.publicKey(seed);
  return {
    attesterKey: attesterKey(identity.keyId, publicKey),
    attesterId: identity.attesterId,
    sign: (commitment) => engine.sign(seed, commitment),
  };
}

/** A signer from a WebCrypto Ed25519 key pair, whose private key may be non-extractable. */
export async function signerFromKeyPair(
  pair: CryptoKeyPair,
  identity: SignerIdentity,
  subtle: SubtleCrypto = crypto.subtle,
): Promise<Signer> {
  const publicKey = new Uint8Array((await subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  return {
    attesterKey: attesterKey(identity.keyId, publicKey),
    attesterId: identity.attesterId,
    sign: async (commitment) =>
      new Uint8Array(await subtle.sign({ name: "Ed25519" }, pair.privateKey, new Uint8Array(commitment))),
  };
}
