/** Domain tags and field encodings of the attestation preimages (spec §3.2–§3.4). */
import type { Provenance } from "../protocol/frame.ts";
import { AttestationError } from "./attestation-error.ts";
import { utf8Bytes } from "./bytes.ts";

/** The domain-separation tags, hashed as raw ASCII bytes (spec §3.2). Low-level: exported for checking the §3.14 vectors. */
export const DOMAIN = {
  genesis: utf8Bytes("contextgraph/attest/1/genesis"),
  link: utf8Bytes("contextgraph/attest/1/link"),
  frame: utf8Bytes("contextgraph/attest/1/frame"),
  merkleEmpty: utf8Bytes("contextgraph/attest/1/merkle-empty"),
  merkleLeaf: Uint8Array.of(0x00),
  merkleNode: Uint8Array.of(0x01),
} as const;

const U32_LIMIT = 2 ** 32;
const ABSENT = 0x00;
const PRESENT = 0x01;
const utf8 = new TextEncoder();

/** The fields of a link that enter its encoding, in order (spec §3.4). */
type EncodedLink = Pick<Provenance, "type" | "uri" | "range" | "digest" | "method" | "by">;

/**
 * A preimage under construction: the encodings of spec §3.3–§3.4 written into
 * one growing buffer, so hashing a commitment allocates no intermediate arrays.
 */
export class Preimage {
  #buffer = new Uint8Array(256);
  #length = 0;

  /** Starts over, keeping the buffer. */
  reset(): this {
    this.#length = 0;
    return this;
  }

  #reserve(extra: number): void {
    if (this.#length + extra <= this.#buffer.length) return;
    const grown = new Uint8Array(Math.max(this.#buffer.length * 2, this.#length + extra));
    grown.set(this.#buffer.subarray(0, this.#length));
    this.#buffer = grown;
  }

  /** Raw bytes (a domain tag, a 32-byte hash). */
  raw(bytes: Uint8Array): this {
    this.#reserve(bytes.length);
    this.#buffer.set(bytes, this.#length);
    this.#length += bytes.length;
    return this;
  }

  /** `enc_str`: 4-byte big-endian UTF-8 byte length, then the UTF-8 bytes (spec §3.3). */
  str(text: string): this {
    this.#reserve(4 + text.length * 3);
    const { written } = utf8.encodeInto(text, this.#buffer.subarray(this.#length + 4));
    if (written >= U32_LIMIT) throw new AttestationError("encoding", "string longer than 2^32-1 bytes");
    new DataView(this.#buffer.buffer).setUint32(this.#length, written);
    this.#length += 4 + written;
    return this;
  }

  /** `enc_opt`: `00` when absent (missing or null), `01 ‖ enc_str(s)` when present, even for "" (spec §3.3). */
  opt(text: string | null | undefined): this {
    this.#reserve(1);
    if (text === undefined || text === null) {
      this.#buffer[this.#length++] = ABSENT;
      return this;
    }
    this.#buffer[this.#length++] = PRESENT;
    return this.str(text);
  }

  /** A link: `type, uri, range, digest, method, by`, values verbatim, unknown members left out (spec §3.4). */
  link(link: EncodedLink): this {
    return this.str(link.type).opt(link.uri).opt(link.range).opt(link.digest).opt(link.method).opt(link.by);
  }

  /** The bytes written so far; valid until the next write. */
  view(): Uint8Array {
    return this.#buffer.subarray(0, this.#length);
  }
}

/** `enc_str` on its own (spec §3.3). Low-level: exported for checking the §3.14 field-encoding vectors. */
export function encStr(text: string): Uint8Array {
  return new Preimage().str(text).view().slice();
}

/** `enc_opt` on its own (spec §3.3). Low-level: exported for checking the §3.14 field-encoding vectors. */
export function encOpt(text: string | null | undefined): Uint8Array {
  return new Preimage().opt(text).view().slice();
}

/** A provenance link's encoding on its own (spec §3.4). Low-level: exported for checking the §3.14 link vectors. */
export function encodeLink(link: EncodedLink): Uint8Array {
  return new Preimage().link(link).view().slice();
}
