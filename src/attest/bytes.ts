/** Bytes, strict lowercase hex and the `sha256:<hex>` string form (spec §3.1, §3.9). */

const HEX = "0123456789abcdef";
const DIGEST_PREFIX = "sha256:";
const utf8 = new TextEncoder();

/** UTF-8 bytes of a string (spec §3.1: text is always UTF-8). */
export function utf8Bytes(text: string): Uint8Array<ArrayBuffer> {
  return utf8.encode(text) as Uint8Array<ArrayBuffer>;
}

/** Lowercase hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const byte of bytes) out += HEX[byte >> 4]! + HEX[byte & 15]!;
  return out;
}

function nibble(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0x61 && code <= 0x66) return code - 0x57;
  return -1;
}

/**
 * Parses lowercase hex of exactly `length` bytes; undefined for anything else,
 * uppercase included (spec §3.1: `A-F` is malformed).
 */
export function fromHex(text: string, length: number): Uint8Array<ArrayBuffer> | undefined {
  if (typeof text !== "string" || text.length !== length * 2) return undefined;
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    const high = nibble(text.charCodeAt(2 * i));
    const low = nibble(text.charCodeAt(2 * i + 1));
    if (high < 0 || low < 0) return undefined;
    out[i] = (high << 4) | low;
  }
  return out;
}

/** The wire form of a 32-byte hash: `sha256:` + 64 lowercase hex (spec §3.9). */
export function digestString(hash: Uint8Array): string {
  return DIGEST_PREFIX + toHex(hash);
}

/** The 32 bytes of a `sha256:<64 lowercase hex>` string; undefined when malformed. */
export function parseDigestString(text: string): Uint8Array | undefined {
  if (typeof text !== "string" || !text.startsWith(DIGEST_PREFIX)) return undefined;
  return fromHex(text.slice(DIGEST_PREFIX.length), 32);
}

/** Concatenates byte arrays. */
export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Byte-wise equality. */
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}
