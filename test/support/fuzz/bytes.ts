// Bytes and text: the UTF-8 codecs the fuzzer uses, line-ending bytes, concatenation.

export const utf8 = new TextEncoder();
/** Decodes as a receiver that replaces bad sequences with U+FFFD would. */
export const lenientUtf8 = new TextDecoder();
/** Refuses invalid UTF-8, as the stream must. */
export const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
export const LF = 0x0a;
export const CR = 0x0d;

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
