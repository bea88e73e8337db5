// Small tools for the attestation forgery suite: a signature-counting engine, hex mutations and frame builders.
import assert from "node:assert/strict";
import type { ContextFrame, Ed25519Engine, Provenance } from "../lib.ts";

/** An engine that counts `verify` calls (the crypto work a verifier spends) and otherwise delegates. */
export interface CountingEngine {
  readonly engine: Ed25519Engine;
  /** `verify` calls so far. */
  calls(): number;
}

export function countingEngine(inner: Ed25519Engine): CountingEngine {
  let calls = 0;
  const engine: Ed25519Engine = {
    ...inner,
    verify: async (publicKey, message, signature) => {
      calls += 1;
      return inner.verify(publicKey, message, signature);
    },
  };
  return { engine, calls: () => calls };
}

/** A deep copy of `value` with `edit` applied to it. */
export function mutated<T>(value: T, edit: (copy: T) => void): T {
  const copy = structuredClone(value);
  edit(copy);
  return copy;
}

/** `hex` with bit `bit` of byte `byte` flipped. */
export function flipBit(hex: string, byte: number, bit: number): string {
  const value = parseInt(hex.slice(2 * byte, 2 * byte + 2), 16) ^ (1 << bit);
  return hex.slice(0, 2 * byte) + value.toString(16).padStart(2, "0") + hex.slice(2 * byte + 2);
}

/** `sha256:<hex>` with its hex uppercased (the prefix kept), asserting something actually changed. */
export function upperDigest(digest: string): string {
  const out = digest.slice(0, 7) + digest.slice(7).toUpperCase();
  assert.notEqual(out, digest, "the digest has no a-f letter to uppercase");
  return out;
}

/** Lowercase hex uppercased, asserting something actually changed. */
export function upperHex(hex: string): string {
  assert.notEqual(hex.toUpperCase(), hex, "the hex has no a-f letter to uppercase");
  return hex.toUpperCase();
}

/** `text` with its last character replaced by a non-hex `g` (length kept). */
export function nonHexTail(text: string): string {
  return `${text.slice(0, -1)}g`;
}

/** A frame with inline content; everything outside the commitment is filler. */
export function contentFrame(
  id: string,
  content: string,
  provenance: Provenance[],
  contentDigest?: string,
): ContextFrame {
  return {
    id,
    kind: "code",
    title: `frame ${id}`,
    content,
    ...(contentDigest === undefined ? {} : { content_digest: contentDigest }),
    uri: `repo://${id}`,
    score: 0.5,
    token_cost: 12,
    provenance,
  };
}

/** A reference frame: no inline content, so `attestResult` leaves it without `content_digest`. */
export function referenceFrame(id: string, provenance: Provenance[]): ContextFrame {
  return {
    id,
    kind: "reference",
    title: `reference ${id}`,
    uri: `repo://${id}`,
    score: 0.25,
    token_cost: 3,
    provenance,
  };
}
