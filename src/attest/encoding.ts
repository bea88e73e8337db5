/** Domain tags and field encodings of the attestation preimages (spec §3.2–§3.4). */
import type { Provenance } from "../protocol/frame.ts";
import { AttestationError } from "./attestation-error.ts";
import { concatBytes, utf8Bytes } from "./bytes.ts";

/** The domain-separation tags, hashed as raw ASCII bytes (spec §3.2). */
export const DOMAIN = {
  genesis: utf8Bytes("contextgraph/attest/1/genesis"),
  link: utf8Bytes("contextgraph/attest/1/link"),
  frame: utf8Bytes("contextgraph/attest/1/frame"),
  merkleEmpty: utf8Bytes("contextgraph/attest/1/merkle-empty"),
  merkleLeaf: Uint8Array.of(0x00),
  merkleNode: Uint8Array.of(0x01),
} as const;

const U32_LIMIT = 2 ** 32;


/** `enc_str`: 4-byte big-endian UTF-8 byte length, then the UTF-8 bytes (spec §3.3). */
export function encStr(text: string): Uint8Array {
  const bytes = utf8Bytes(text);
  if (bytes.length >= U32_LIMIT) throw new AttestationError("encoding", "string longer than 2^32-1 bytes");
  const out = new Uint8Array(4 + bytes.length);
  new DataView(out.buffer).setUint32(0, bytes.length);
  out.set(bytes, 4);
  return out;
}

const ABSENT = Uint8Array.of(0x00);
const PRESENT = Uint8Array.of(0x01);

/** `enc_opt`: `00` when absent (missing or null), `01 ‖ enc_str(s)` when present, even for "" (spec §3.3). */
export function encOpt(text: string | null | undefined): Uint8Array {
  return text === undefined || text === null ? ABSENT : concatBytes(PRESENT, encStr(text));
}

/**
 * A provenance link's encoding (spec §3.4): `type, uri, range, digest, method,
 * by` in that order, values verbatim, unknown members left out.
 */
export function encodeLink(link: Pick<Provenance, "type" | "uri" | "range" | "digest" | "method" | "by">): Uint8Array {
  return concatBytes(encStr(link.type), encOpt(link.uri), encOpt(link.range), encOpt(link.digest), encOpt(link.method), encOpt(link.by));
}
