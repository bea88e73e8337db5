/**
 * Strict Ed25519 acceptance rules applied before either engine runs (spec
 * §3.11 "Strictness"), so WebCrypto and noble give the same verdict on every
 * input: canonical, decodable, not small-order public keys; canonical S and a
 * canonical, not small-order R.
 */
import { toHex } from "./bytes.ts";

const P = 2n ** 255n - 19n;
const L = 2n ** 252n + 27742317777372353535851937790883648493n;
const D = (-121665n * modPow(121666n, P - 2n)) % P;
const SQRT_M1 = modPow(2n, (P - 1n) / 4n);

/** The encodings of the eight small-order points (8P = identity), y ≥ p forms included (spec §3.11). */
const SMALL_ORDER = new Set([
  "0000000000000000000000000000000000000000000000000000000000000000",
  "0000000000000000000000000000000000000000000000000000000000000080",
  "0100000000000000000000000000000000000000000000000000000000000000",
  "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
  "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
  "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
  "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
  "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
]);

function mod(a: bigint): bigint {
  const r = a % P;
  return r < 0n ? r + P : r;
}

function modPow(base: bigint, exponent: bigint): bigint {
  let result = 1n;
  let b = ((base % P) + P) % P;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % P;
    b = (b * b) % P;
    e >>= 1n;
  }
  return result;
}

function littleEndian(bytes: Uint8Array): bigint {
  let value = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) value = (value << 8n) | BigInt(bytes[i]!);
  return value;
}

/**
 * Whether 32 bytes are the canonical encoding of a curve point (RFC 8032
 * §5.1.3): y < p, and x² = (y² − 1) / (d·y² + 1) has a root with the sign bit.
 */
function isCanonicalPoint(bytes: Uint8Array): boolean {
  const sign = bytes[31]! >> 7;
  const y = littleEndian(bytes) & ((1n << 255n) - 1n);
  if (y >= P) return false;
  const y2 = mod(y * y);
  const u = mod(y2 - 1n);
  const v = mod(D * y2 + 1n);
  const v3 = mod(v * v * v);
  let x = mod(u * v3 * modPow(u * v3 * v3 * v, (P - 5n) / 8n));
  const check = mod(v * x * x);
  if (check === mod(-u)) x = mod(x * SQRT_M1);
  else if (check !== u) return false;
  return !(x === 0n && sign === 1);
}

const keyVerdicts = new Map<string, boolean>();

/** Whether a public key is acceptable: 32 bytes, canonical, decodable, not small-order. Cached per key. */
export function isAcceptablePublicKey(key: Uint8Array): boolean {
  if (key.length !== 32) return false;
  const hex = toHex(key);
  let verdict = keyVerdicts.get(hex);
  if (verdict === undefined) {
    verdict = !SMALL_ORDER.has(hex) && isCanonicalPoint(key);
    keyVerdicts.set(hex, verdict);
  }
  return verdict;
}

/** Whether a 64-byte signature has canonical S (< L) and a canonical R that is not small-order. */
export function isCanonicalSignature(signature: Uint8Array): boolean {
  if (signature.length !== 64) return false;
  const r = signature.subarray(0, 32);
  if (littleEndian(signature.subarray(32)) >= L) return false;
  return !SMALL_ORDER.has(toHex(r)) && isCanonicalPoint(r);
}
