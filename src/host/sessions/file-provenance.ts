/**
 * `verifyFileProvenance`: F5 byte re-verification (spec §4.10), a host API a
 * caller invokes deliberately over sources it trusts, never automatically for
 * whatever a provider names. The bytes come from a `FileSource` the caller
 * supplies (in Node, `frameline/node`'s `fileSource`), so the logic runs in
 * every runtime.
 */
import { digestString } from "../../attest/bytes.ts";
import { sha256 } from "../../attest/hash.ts";
import type { Provenance } from "../../protocol/frame.ts";
import { parseLineRange } from "../../protocol/grammars.ts";

/**
 * Reads the bytes of a local file by the absolute path a `file://` URI names
 * (percent-decoded, `/`-separated, e.g. `/docs/guide.md`); undefined when it
 * cannot be read. Whatever maps paths to storage (a root folder, a bundle) is
 * the source's business.
 */
export type FileSource = (path: string) => Promise<Uint8Array | undefined>;

/** What re-reading one provenance link found (spec §4.10). */
export type FileProvenanceVerdict =
  | { readonly kind: "verified" }
  | { readonly kind: "mismatch"; readonly expected: string; readonly actual: string }
  | { readonly kind: "unreadable"; readonly reason: string }
  | { readonly kind: "not_file_provenance" };

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

/** Percent-decodes a URI path (spec §4.10: `%XX`; a malformed escape is kept literally); undefined if not UTF-8. */
function percentDecode(path: string): string | undefined {
  const bytes: number[] = [];
  // split with a capture group: the escapes land at the odd indexes.
  path.split(/(%[0-9a-fA-F]{2})/).forEach((part, i) => {
    if (i % 2 === 1) bytes.push(Number.parseInt(part.slice(1), 16));
    else bytes.push(...encoder.encode(part));
  });
  try {
    return utf8.decode(new Uint8Array(bytes));
  } catch {
    return undefined;
  }
}

/** The path a `file://` URI names: empty authority or `localhost` only (spec §4.10); undefined otherwise. */
function fileUriPath(uri: string): string | undefined {
  const match = /^file:\/\/([^/?#]*)(\/[^?#]*)$/i.exec(uri);
  if (!match) return undefined;
  const authority = match[1]!;
  if (authority !== "" && authority.toLowerCase() !== "localhost") return undefined;
  return percentDecode(match[2]!);
}

/**
 * The bytes `range` addresses in `bytes` (spec §1.14, §4.10, F17): lines split
 * on LF only, each with its LF, CR kept; `L<a>` or `L<a>-<b>`, 1-based and end
 * inclusive, an end past the last line clamped. Undefined for a range outside
 * the grammar (F17 [later revision]: unverifiable, never the whole file) or a
 * start past the last line.
 */
function lineRangeBytes(bytes: Uint8Array, range: string): Uint8Array | undefined {
  const parsed = parseLineRange(range);
  if (!parsed) return undefined;
  const end = parsed.end ?? parsed.start;
  let line = 1;
  let from = parsed.start === 1 ? 0 : -1;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] !== 0x0a) continue;
    if (line === end) return bytes.subarray(from, i + 1);
    line += 1;
    if (line === parsed.start) from = i + 1;
  }
  // The end is past the last line (it clamps), unless the start is too.
  return from === -1 || from >= bytes.length ? undefined : bytes.subarray(from);
}

/**
 * Re-reads the bytes a `file` provenance link names and compares their
 * SHA-256 with its `digest` (spec §4.10): `verified` when equal, `mismatch`
 * otherwise (a digest outside the grammar cannot equal one, so it is a
 * mismatch too); `unreadable` for a link without `uri` or `digest`, a URI
 * that is not a local `file://` one, a range outside the grammar or past the
 * end, or a file the source cannot read; `not_file_provenance` for other types.
 */
export async function verifyFileProvenance(link: Provenance, source: FileSource): Promise<FileProvenanceVerdict> {
  if (link.type !== "file") return { kind: "not_file_provenance" };
  if (link.uri === undefined || link.digest === undefined)
    return { kind: "unreadable", reason: "the link has no uri or no digest" };
  const path = fileUriPath(link.uri);
  if (path === undefined) return { kind: "unreadable", reason: "not a local file:// URI" };
  const file = await source(path);
  if (file === undefined) return { kind: "unreadable", reason: "the file cannot be read" };
  const bytes = link.range === undefined ? file : lineRangeBytes(file, link.range);
  if (bytes === undefined) return { kind: "unreadable", reason: "the range is outside the grammar or past the end" };
  const actual = digestString(sha256(bytes));
  return actual === link.digest ? { kind: "verified" } : { kind: "mismatch", expected: link.digest, actual };
}
