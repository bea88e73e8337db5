// Mutations of a line's bytes: truncation, flips, insertions, deletions, splices, invalid UTF-8.
import { concat } from "./bytes.ts";
import type { Rng } from "./rng.ts";

const INTERESTING_BYTES = [
  0x00, 0x22, 0x5c, 0x7b, 0x7d, 0x5b, 0x5d, 0x2c, 0x3a, 0x0d, 0x0a, 0x20, 0x09, 0x30, 0x2d, 0x65, 0xff, 0x80, 0xc3,
  0xe2,
];

/** Invalid UTF-8: overlong, lone continuation, truncated multi-byte, surrogates, out of range. */
export const BAD_UTF8: readonly (readonly number[])[] = [
  [0xc0, 0x80],
  [0xc1, 0xbf],
  [0xe0, 0x80, 0x80],
  [0xf0, 0x80, 0x80, 0x80],
  [0x80],
  [0xbf],
  [0x80, 0x80, 0x80],
  [0xe2, 0x82],
  [0xf0, 0x9f, 0x98],
  [0xc3],
  [0xed, 0xa0, 0x80],
  [0xed, 0xbf, 0xbf],
  [0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
  [0xf5, 0x80, 0x80, 0x80],
  [0xfe],
  [0xff],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
];

export function truncate(rng: Rng, bytes: Uint8Array): Uint8Array {
  return bytes.slice(0, rng.int(bytes.length + 1));
}

export function flipBytes(rng: Rng, bytes: Uint8Array): Uint8Array {
  const out = bytes.slice();
  for (let n = rng.range(1, 8); n > 0 && out.length > 0; n--) {
    const at = rng.int(out.length);
    out[at] = rng.chance(0.4)
      ? rng.pick(INTERESTING_BYTES)
      : rng.chance(0.5)
        ? (out[at] ?? 0) ^ (1 << rng.int(8))
        : rng.int(256);
  }
  return out;
}

export function insertBytes(rng: Rng, bytes: Uint8Array): Uint8Array {
  let out = bytes;
  for (let n = rng.range(1, 8); n > 0; n--) {
    const at = rng.int(out.length + 1);
    const insert = Uint8Array.from({ length: rng.range(1, 4) }, () =>
      rng.chance(0.5) ? rng.pick(INTERESTING_BYTES) : rng.int(256),
    );
    out = concat([out.subarray(0, at), insert, out.subarray(at)]);
  }
  return out;
}

export function deleteBytes(rng: Rng, bytes: Uint8Array): Uint8Array {
  let out = bytes;
  for (let n = rng.range(1, 4); n > 0 && out.length > 0; n--) {
    const at = rng.int(out.length);
    out = concat([out.subarray(0, at), out.subarray(Math.min(out.length, at + rng.range(1, 16)))]);
  }
  return out;
}

/** The head of `a` with the tail of `b`, or with a piece of `b` inserted. */
export function splice(rng: Rng, a: Uint8Array, b: Uint8Array): Uint8Array {
  const cut = rng.int(a.length + 1);
  if (rng.chance(0.7)) return concat([a.subarray(0, cut), b.subarray(rng.int(b.length + 1))]);
  const from = rng.int(b.length + 1);
  return concat([a.subarray(0, cut), b.subarray(from, from + rng.range(1, 200)), a.subarray(cut)]);
}

export function insertBadUtf8(rng: Rng, bytes: Uint8Array): Uint8Array {
  let out = bytes;
  for (let n = rng.range(1, 3); n > 0; n--) {
    const bad = Uint8Array.from(rng.pick(BAD_UTF8));
    out = concat(insertAt(rng, out, bad));
  }
  return out;
}

/** Splits `bytes` around an insertion point, preferring one just inside a string. */
export function insertAt(rng: Rng, bytes: Uint8Array, insert: Uint8Array): Uint8Array[] {
  let at = rng.int(bytes.length + 1);
  if (rng.chance(0.6)) {
    const quote = bytes.indexOf(0x22, at);
    if (quote !== -1) at = quote + 1;
  }
  return [bytes.subarray(0, at), insert, bytes.subarray(at)];
}
