/** A cached handshake as it is stored (spec §4.2 step 5): the ack as received, for which host version, since when, sealed. */
import type { HandshakeAck } from "../../protocol/envelope.ts";
import { isRecord } from "../../protocol/schema-walk.ts";
import { decodeLine, encodeLine } from "../../wire/line.ts";
import { versionsCompatible } from "../../wire/version.ts";
import type { EntrySeal } from "./entry-seal.ts";

/** The format tag of a stored entry (spec §4.2 step 5); an entry with another tag is a miss. */
const ENTRY_FORMAT = "frameline-handshake/2";

/** The largest entry the cache stores or reads back, in UTF-16 code units (an ack with a few keys, spec §1.4, is ~1 KiB). */
export const MAX_ENTRY_CHARS = 64 * 1024;

/** How far in the future an entry's time may be (another isolate's clock) before it reads as a miss (host policy, spec §4.2 step 5). */
const CLOCK_SKEW_MS = 60_000;

/** A decoded entry: the ack (spec §1.4), and when it was negotiated (milliseconds since the epoch). */
export interface CachedAck {
  readonly ack: HandshakeAck;
  readonly storedAt: number;
}

/** The sealed part of an entry: format, host version, time and the ack as one wire line (§1.1), as JSON. */
function sealedText(hostVersion: string, storedAt: number, line: string): string {
  return JSON.stringify([ENTRY_FORMAT, hostVersion, storedAt, line]);
}

/**
 * The stored form of an ack (spec §4.2 step 5): JSON naming the format, the
 * host version, the time, the ack as one wire line (§1.1) and the seal over
 * all four; undefined when over `MAX_ENTRY_CHARS`.
 */
export async function encodeEntry(
  ack: HandshakeAck,
  hostVersion: string,
  storedAt: number,
  seal: EntrySeal,
): Promise<string | undefined> {
  const line = encodeLine(ack);
  const mac = await seal.seal(sealedText(hostVersion, storedAt, line));
  const text = JSON.stringify({ format: ENTRY_FORMAT, host_version: hostVersion, stored_at: storedAt, ack: line, mac });
  return text.length <= MAX_ENTRY_CHARS ? text : undefined;
}

/** The entry's ack if it decodes as a `handshake_ack` (the wire schema, spec §1.4); undefined otherwise. */
function decodedAck(line: unknown): HandshakeAck | undefined {
  if (typeof line !== "string") return undefined;
  try {
    const envelope = decodeLine(line);
    return envelope.type === "handshake_ack" ? envelope : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads a stored entry back, trusting nothing in it: it must be at most
 * `MAX_ENTRY_CHARS`, carry `ENTRY_FORMAT`, have been stored for exactly
 * `hostVersion`, be younger than `maxAgeMs` at `now` (and not more than
 * `CLOCK_SKEW_MS` in the future), carry the seal of this cache's `storeKey`
 * over exactly what it holds (so nobody else with write access to the store
 * wrote or edited it), and hold an ack that decodes under the wire schema and
 * shares the host's major family (H1). Anything else is a miss (undefined),
 * never an error.
 */
export async function decodeEntry(
  text: string,
  hostVersion: string,
  seal: EntrySeal,
  clock: { readonly now: number; readonly maxAgeMs: number },
): Promise<CachedAck | undefined> {
  const { now, maxAgeMs } = clock;
  if (text.length > MAX_ENTRY_CHARS) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(value) || value.format !== ENTRY_FORMAT || value.host_version !== hostVersion) return undefined;
  const storedAt = value.stored_at;
  if (
    typeof storedAt !== "number" ||
    !Number.isFinite(storedAt) ||
    storedAt > now + CLOCK_SKEW_MS ||
    now - storedAt >= maxAgeMs
  )
    return undefined;
  const line = value.ack;
  if (typeof line !== "string" || typeof value.mac !== "string") return undefined;
  if (!(await seal.check(sealedText(hostVersion, storedAt, line), value.mac))) return undefined;
  const ack = decodedAck(line);
  if (ack === undefined || !versionsCompatible(hostVersion, ack.protocol_version)) return undefined;
  return { ack, storedAt };
}
