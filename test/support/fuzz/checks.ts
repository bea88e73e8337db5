// The per-line checks: decodeLine yields an envelope or a proper WireError, and every envelope round-trips.
import { decodeLine, encodeLine, WireError } from "../lib.ts";
import { lenientUtf8 } from "./bytes.ts";
import type { FuzzCase } from "./corpus.ts";
import { firstDifference, show, withinF32Rounding } from "./difference.ts";
import { describeThrown, type Failures, label } from "./failures.ts";
import { isObject } from "./json-tree.ts";
import { checkWireError } from "./messages.ts";

const ENVELOPE_TYPES = new Set([
  "handshake",
  "handshake_ack",
  "query",
  "frames",
  "verify",
  "verified",
  "shutdown",
  "error",
]);

/** What the decoded lines came to, so a test can tell the harness reached every outcome. */
export interface DecodeStats {
  envelopes: number;
  unencodable: number;
  readonly codes: Map<string, number>;
  readonly kinds: Map<string, number>;
}

export function emptyStats(): DecodeStats {
  return { envelopes: 0, unencodable: 0, codes: new Map(), kinds: new Map() };
}

export function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** No decoded object may carry a prototype other than Object's or Array's (a `__proto__` member taking effect). */
function hasForeignPrototype(value: unknown): boolean {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== Array.prototype) return true;
  return Object.values(value).some(hasForeignPrototype);
}

/**
 * For a decoded envelope e: encodeLine(e) is one line (or a WireError) that
 * decodes again, to e up to f32 rounding at float members (the decoder keeps
 * the double sent, the encoder writes the shortest f32; everything else,
 * integers included, exactly), and the encoding is a fixed point:
 * encodeLine(decode(encodeLine(e))) === encodeLine(e).
 */
export function checkRoundTrip(envelope: unknown, where: string, failures: Failures, stats: DecodeStats): void {
  let encoded: string;
  try {
    encoded = encodeLine(envelope as Parameters<typeof encodeLine>[0]);
  } catch (error) {
    if (error instanceof WireError) {
      stats.unencodable += 1;
      checkWireError(error, "", where, failures);
    } else failures.add("encodeLine threw a non-WireError", `${where}: ${describeThrown(error)}`);
    return;
  }
  if (typeof encoded !== "string" || !encoded.endsWith("\n") || encoded.indexOf("\n") !== encoded.length - 1) {
    failures.add("encodeLine output is not exactly one line", where);
    return;
  }
  let again: unknown;
  try {
    again = decodeLine(encoded);
  } catch (error) {
    const reason = error instanceof WireError ? `${error.code}: ${error.message}` : describeThrown(error);
    failures.add("encodeLine output does not decode again", `${where}: ${reason}`, reason.replace(/\[\d+\]/g, "[i]"));
    return;
  }
  const difference = firstDifference(envelope, again, withinF32Rounding);
  if (difference !== undefined)
    failures.add(
      "decode(encode(decode(x))) differs from decode(x) beyond f32 rounding",
      `${where}: ${difference.text}`,
      difference.variant,
    );
  let reencoded: string;
  try {
    reencoded = encodeLine(again as Parameters<typeof encodeLine>[0]);
  } catch (error) {
    failures.add("encodeLine refuses the decode of its own output", `${where}: ${describeThrown(error)}`);
    return;
  }
  if (reencoded !== encoded)
    failures.add("encoding is not a fixed point: encodeLine(decode(encodeLine(e))) ≠ encodeLine(e)", where);
}

/** decodeLine on the case's text (decoded leniently) returns an envelope that round-trips, or throws a proper WireError. */
export function checkDecode(fuzzCase: FuzzCase, failures: Failures, stats: DecodeStats): void {
  const text = lenientUtf8.decode(fuzzCase.bytes);
  const where = label(fuzzCase);
  bump(stats.kinds, fuzzCase.kind);
  let envelope: unknown;
  try {
    envelope = decodeLine(text);
  } catch (error) {
    if (!(error instanceof WireError)) {
      failures.add("decodeLine threw a non-WireError", `${where}: ${describeThrown(error)}`);
      return;
    }
    bump(stats.codes, error.code);
    checkWireError(error, text, where, failures);
    return;
  }
  if (!isObject(envelope) || typeof envelope.type !== "string" || !ENVELOPE_TYPES.has(envelope.type)) {
    failures.add("decodeLine returned something other than an envelope", `${where}: ${show(envelope)}`);
    return;
  }
  stats.envelopes += 1;
  if (hasForeignPrototype(envelope)) failures.add("decoded envelope has an object with a foreign prototype", where);
  checkRoundTrip(envelope, where, failures, stats);
}
