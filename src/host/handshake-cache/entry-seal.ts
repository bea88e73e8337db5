/**
 * Sealing a stored handshake entry (spec §4.2 step 5, §4.5): an HMAC-SHA-256
 * under the operator's `storeKey`, so an ack read back from a shared,
 * writable store (KV, the Cache API) is one this cache wrote. An ack edited
 * in the store (its `egress_scopes` removed, its keys swapped) would change
 * what consent permits (C1, C6) and which keys judge answers (§3.13): such an
 * entry fails its seal and is a miss, and the host handshakes.
 */
import { fromHex, toHex } from "../../attest/bytes.ts";

/** The shortest `storeKey` accepted, in characters: a secret, not a label. */
export const MIN_STORE_KEY_CHARS = 32;

/** Seals and checks entries under one key; WebCrypto only. */
export interface EntrySeal {
  /** The seal of `text`: lowercase hex of HMAC-SHA-256(storeKey, UTF-8 of text). */
  seal(text: string): Promise<string>;
  /** Whether `mac` is the seal of `text` (compared by WebCrypto, in constant time). */
  check(text: string, mac: string): Promise<boolean>;
}

const encoder = new TextEncoder();

/**
 * The seal of entries under `storeKey` (at least `MIN_STORE_KEY_CHARS`
 * characters; a shorter one is a `RangeError`, a caller's mistake caught at
 * construction). The key is imported once, on first use.
 */
export function entrySeal(storeKey: string): EntrySeal {
  if (storeKey.length < MIN_STORE_KEY_CHARS)
    throw new RangeError(`HandshakeCache: storeKey must be at least ${MIN_STORE_KEY_CHARS} characters`);
  let key: Promise<CryptoKey> | undefined;
  const hmacKey = () => {
    key ??= crypto.subtle.importKey("raw", encoder.encode(storeKey), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    return key;
  };
  return {
    seal: async (text) =>
      toHex(new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(), encoder.encode(text)))),
    check: async (text, mac) => {
      const signature = fromHex(mac, 32);
      return signature !== undefined && crypto.subtle.verify("HMAC", await hmacKey(), signature, encoder.encode(text));
    },
  };
}
