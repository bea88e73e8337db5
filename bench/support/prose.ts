// Seeded English-ish prose (with some non-ASCII) and document names for the frames the benchmarks build
// (bench/transcript.ts for the codec, bench/attest.ts), and the digests those frames carry.
import { createHash } from "node:crypto";

/** A seeded source of numbers in [0, 1). */
export type Random = () => number;

/** One item of `items`, chosen by `random`. */
export function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}

const WORDS = [
  "the",
  "a",
  "retry",
  "policy",
  "backoff",
  "request",
  "connection",
  "pool",
  "timeout",
  "is",
  "are",
  "when",
  "server",
  "client",
  "returns",
  "error",
  "budget",
  "token",
  "frame",
  "provider",
  "host",
  "query",
  "cache",
  "invalidated",
  "after",
  "each",
  "write",
  "read",
  "stream",
  "line",
  "deadline",
  "exponential",
  "jitter",
  "must",
  "should",
  "never",
  "always",
  "because",
  "otherwise",
  "café",
  "naïve",
  "résumé",
  "—",
  "日本",
  "東京",
  "über",
  "façade",
  "coöperate",
  "déjà",
  "vu",
  "of",
  "to",
  "in",
  "for",
  "with",
  "on",
  "by",
  "from",
];
/** The documents the frames' uris and ids name. */
export const DOCS = ["guide", "retries", "pooling", "locale", "limits", "streams", "errors", "caching"];

/** The `sha256:` digest of a text's UTF-8 bytes. */
export function sha256(text: string): string {
  return `sha256:${createHash("sha256").update(text).digest("hex")}`;
}

export /** Prose of about `bytes` UTF-8 bytes (at least, by under one word): sentences of 6–16 words. */
function prose(random: Random, bytes: number): string {
  let text = "";
  let length = 0;
  let left = 0; // words left in the current sentence
  while (length < bytes) {
    let word = pick(random, WORDS);
    if (left === 0) {
      left = 6 + Math.floor(random() * 11);
      word = `${text ? " " : ""}${word.charAt(0).toUpperCase()}${word.slice(1)}`;
    } else {
      word = ` ${word}`;
    }
    left -= 1;
    if (left === 0 || length + Buffer.byteLength(word) >= bytes) word += ".";
    text += word;
    length += Buffer.byteLength(word);
  }
  return text;
}
