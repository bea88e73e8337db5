// Shared helpers for the docs provider tests: independent re-hashing with node:crypto, and a session driver.
import { createHash } from "node:crypto";
import type { Provider } from "../support/lib.ts";
import { exchange } from "../support/providers.ts";

/** `sha256:<hex>` of bytes, computed with node:crypto (independent of src/attest). */
export function sha256Hex(bytes: Uint8Array | string): string {
  return `sha256:${createHash("sha256").update(bytes).digest("hex")}`;
}

/**
 * The digest of lines `start`–`end` of a file's bytes, per spec §1.14, written
 * without src/docs-provider: split on 0x0A, each line keeping its LF, end clamped.
 */
export function digestOfLines(file: Uint8Array | string, start: number, end: number): string {
  const bytes = typeof file === "string" ? Buffer.from(file, "utf8") : Buffer.from(file);
  const starts = [0];
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0x0a && i + 1 < bytes.length) starts.push(i + 1);
  if (start < 1 || start > starts.length || end < start) throw new RangeError(`unreadable range L${start}-${end}`);
  const from = starts[start - 1]!;
  const to = end >= starts.length ? bytes.length : starts[end]!;
  return sha256Hex(bytes.subarray(from, to));
}

export { exchange };

export const HANDSHAKE = '{"type":"handshake","protocol_version":"contextgraph/1.0"}';

/** A query line with the probe's caps unless overridden. */
export function queryLine(query: Record<string, unknown>, id?: string): string {
  return JSON.stringify({
    type: "query",
    ...(id === undefined ? {} : { id }),
    query: { max_frames: 8, max_tokens: 4096, ...query },
  });
}

/** Handshakes, sends one query, and returns its `frames` result (fails the test on anything else). */
export async function ask(provider: Provider, query: Record<string, unknown>) {
  const [, reply] = await exchange(provider, [HANDSHAKE, queryLine(query)]);
  if (reply?.type !== "frames") throw new Error(`expected frames, got ${JSON.stringify(reply)}`);
  return reply.result;
}
