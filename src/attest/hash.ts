/** SHA-256: synchronous (@noble/hashes) for the small preimages, WebCrypto for content (spec §3.1). */
import { sha256 as nobleSha256 } from "@noble/hashes/sha2.js";
import { concatBytes, digestString, utf8Bytes } from "./bytes.ts";

/** SHA-256 of the concatenation of `parts` (spec §3.1 `H(part1 ‖ part2 ‖ …)`). */
export function sha256(...parts: Uint8Array[]): Uint8Array {
  return nobleSha256(parts.length === 1 ? parts[0]! : concatBytes(...parts));
}

/** Above this many bytes, content is hashed by WebCrypto; below, a synchronous hash beats its async round trip. */
const WEBCRYPTO_THRESHOLD = 64 * 1024;

/**
 * A frame's `content_digest`: `sha256:` + hex of the exact UTF-8 bytes of its
 * inline content (spec §1.8 #5, D1). Large content goes through WebCrypto;
 * typical frame content (a few KB) is hashed synchronously, since an awaited
 * `crypto.subtle.digest` costs far more than hashing it.
 */
export async function contentDigest(content: string): Promise<string> {
  const bytes = utf8Bytes(content);
  if (bytes.length < WEBCRYPTO_THRESHOLD) return digestString(nobleSha256(bytes));
  return digestString(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)));
}

/**
 * `contentDigest`, synchronously (spec §1.8 #5, D1): for a verifier that
 * checks every frame's bytes inside a synchronous step (the audit, composition).
 */
export function contentDigestSync(content: string): string {
  return digestString(nobleSha256(utf8Bytes(content)));
}
