/**
 * Ed25519 through two engines with one acceptance rule (spec §3.1, §3.11):
 * WebCrypto where the runtime has it (the fast path), `@noble/ed25519` where it
 * does not, loaded on demand so a browser bundle does not carry it. Both see
 * only inputs that passed the strict checks in `ed25519-strict.ts`.
 */
import { concatBytes, toHex } from "./bytes.ts";

/** One Ed25519 implementation. Messages here are the 32 raw commitment bytes (spec §3.9). */
export interface Ed25519Engine {
  readonly name: "webcrypto" | "noble";
  verify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): Promise<boolean>;
  sign(seed: Uint8Array, message: Uint8Array): Promise<Uint8Array>;
  publicKey(seed: Uint8Array): Promise<Uint8Array>;
}

const ALGORITHM = { name: "Ed25519" } as const;
/** PKCS#8 wrapping of a raw 32-byte Ed25519 seed (RFC 8410). */
const PKCS8_PREFIX = Uint8Array.of(
  0x30,
  0x2e,
  0x02,
  0x01,
  0x00,
  0x30,
  0x05,
  0x06,
  0x03,
  0x2b,
  0x65,
  0x70,
  0x04,
  0x22,
  0x04,
  0x20,
);

type Bytes = Uint8Array<ArrayBuffer>;
const own = (bytes: Uint8Array): Bytes => new Uint8Array(bytes) as Bytes;

/** The WebCrypto engine over a `SubtleCrypto` (imported keys cached per public key). */
export function webCryptoEngine(subtle: SubtleCrypto = crypto.subtle): Ed25519Engine {
  const keys = new Map<string, Promise<CryptoKey>>();
  const importKey = (publicKey: Uint8Array) => {
    const hex = toHex(publicKey);
    let key = keys.get(hex);
    if (!key) {
      key = subtle.importKey("raw", own(publicKey), ALGORITHM, false, ["verify"]);
      keys.set(hex, key);
    }
    return key;
  };
  const privateKey = (seed: Uint8Array) =>
    subtle.importKey("pkcs8", own(concatBytes(PKCS8_PREFIX, seed)), ALGORITHM, true, ["sign"]);
  return {
    name: "webcrypto",
    async verify(publicKey, message, signature) {
      return subtle.verify(ALGORITHM, await importKey(publicKey), own(signature), own(message));
    },
    async sign(seed, message) {
      return new Uint8Array(await subtle.sign(ALGORITHM, await privateKey(seed), own(message)));
    },
    async publicKey(seed) {
      const jwk = (await subtle.exportKey("jwk", await privateKey(seed))) as JsonWebKey;
      return Uint8Array.from(atob((jwk.x ?? "").replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
    },
  };
}

/** The `@noble/ed25519` engine, in its strict (RFC 8032, not ZIP-215) mode. */
export function nobleEngine(): Ed25519Engine {
  const noble = import("@noble/ed25519");
  return {
    name: "noble",
    async verify(publicKey, message, signature) {
      return (await noble).verifyAsync(signature, message, publicKey, { zip215: false });
    },
    async sign(seed, message) {
      return (await noble).signAsync(message, seed);
    },
    async publicKey(seed) {
      return (await noble).getPublicKeyAsync(seed);
    },
  };
}

// Test key A of spec §3.14: a known-good verification, to check an engine really works.
const PROBE_KEY = "ea4a6c63e29c520abef5507b132ec5f9954776aebebe7b92421eea691446d22c";
const PROBE_MESSAGE = "cba5cb083177e61ce370ab586dbf7096508e5224ad18d213c902e014796c88ea";
const PROBE_SIGNATURE =
  "2f8af919196862e7f946a0117d65522da36592344cf46ffe00ab8e6ec0a6b5cdb132800b71b5cd161609378d8ebd789a0adc971cdb8856cd195c9154fe2b2d04";

function hexBytes(hex: string): Uint8Array {
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

/** Picks WebCrypto when `subtle` verifies a known Ed25519 signature, noble otherwise. */
export async function detectEngine(
  subtle: SubtleCrypto | undefined = typeof crypto === "undefined" ? undefined : crypto.subtle,
): Promise<Ed25519Engine> {
  if (subtle) {
    try {
      const engine = webCryptoEngine(subtle);
      if (await engine.verify(hexBytes(PROBE_KEY), hexBytes(PROBE_MESSAGE), hexBytes(PROBE_SIGNATURE))) return engine;
    } catch {
      // No Ed25519 in this runtime's WebCrypto: fall through to noble.
    }
  }
  return nobleEngine();
}

let detected: Promise<Ed25519Engine> | undefined;

/** The engine for this runtime, detected once. */
export function defaultEngine(): Promise<Ed25519Engine> {
  detected ??= detectEngine();
  return detected;
}
