/** The grammars of spec §1.14: version, timestamp, digest, egress scope, fingerprint, line range. */
import { BASE_EGRESS_SCOPES, LOCAL_SCOPE } from "./vocabulary.ts";

const VERSION = /^contextgraph\/[0-9]+\.[0-9]+(-draft)?$/;
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?Z$/;
const DIGEST = /^sha256:[0-9a-f]{64}$/;
const LINE_RANGE = /^L([1-9][0-9]*)(?:-([1-9][0-9]*))?$/;

/** Whether `value` is a version string: `contextgraph/<major>.<minor>[-draft]` (spec §1.14). */
export function isProtocolVersion(value: string): boolean {
  return VERSION.test(value);
}

/** The major family of a version: the part before the first `.`, or the whole string (spec §1.14). */
export function versionFamily(version: string): string {
  const dot = version.indexOf(".");
  return dot === -1 ? version : version.slice(0, dot);
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * The F4 timestamp profile (spec §1.14): `YYYY-MM-DDTHH:MM:SS[.fraction]Z`, UTC
 * only, real calendar dates, hour ≤ 23, minute ≤ 59, second ≤ 60.
 */
export function isTimestamp(value: string): boolean {
  return timestampParts(value) !== undefined;
}

/** The calendar fields of an F4 timestamp and its fraction of a second, or undefined outside the profile. */
function timestampParts(value: string): { fields: number[]; fraction: number } | undefined {
  const match = TIMESTAMP.exec(value);
  if (!match) return undefined;
  const fields = match.slice(1, 7).map(Number);
  const [year, month, day, hour, minute, second] = fields as [number, number, number, number, number, number];
  const valid =
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 60;
  return valid ? { fields, fraction: match[7] ? Number(`0${match[7]}`) : 0 } : undefined;
}

/** An instant in the F4 profile without fraction, as the reference formatter writes it (spec §1.14). */
export function formatTimestamp(instant: Date): string {
  return `${instant.toISOString().slice(0, 19)}Z`;
}

/**
 * A timestamp as milliseconds since the epoch, for comparing instants (Q2);
 * undefined when it is not in the F4 profile. A leap second (`:60`) counts as
 * the last instant of its minute.
 */
export function timestampMillis(value: string): number | undefined {
  const parts = timestampParts(value);
  if (!parts) return undefined;
  const [year, month, day, hour, minute, second] = parts.fields as [number, number, number, number, number, number];
  const leap = second === 60;
  return Date.UTC(year, month - 1, day, hour, minute, leap ? 59 : second) + (leap ? 999.999 : parts.fraction * 1000);
}

/** A digest (D1, F5): `sha256:` + exactly 64 lowercase hex characters (spec §1.14). */
export function isDigest(value: string): boolean {
  return DIGEST.test(value);
}

/** An egress scope: one of the four base scopes or `ns:name` with non-empty sides (spec §1.14). */
export function isEgressScope(value: string): boolean {
  if ((BASE_EGRESS_SCOPES as readonly string[]).includes(value)) return true;
  const colon = value.indexOf(":");
  return colon > 0 && colon < value.length - 1;
}

/** Whether a scope sends content off the machine: all but `local-only`, custom ones included (spec §1.14). */
export function isOffMachineScope(value: string): boolean {
  return value !== LOCAL_SCOPE;
}

/**
 * The dimension of an embedding fingerprint `<model-id>/<dimensions>[/<norm>]`:
 * the second `/`-separated field as an unsigned integer, or undefined (spec §1.5).
 */
export function fingerprintDimensions(fingerprint: string): number | undefined {
  const field = fingerprint.split("/")[1];
  if (field === undefined || !/^[0-9]+$/.test(field)) return undefined;
  const dimensions = Number(field);
  return Number.isSafeInteger(dimensions) ? dimensions : undefined;
}

/** A parsed line range: 1-based, end inclusive; `end` absent for `L<n>` (spec §1.14, F17). */
export interface LineRange {
  readonly start: number;
  readonly end: number | undefined;
}

/** Parses `L<start>` or `L<start>-<end>` (spec §1.14); undefined for anything else or end < start. */
export function parseLineRange(value: string): LineRange | undefined {
  const match = LINE_RANGE.exec(value);
  if (!match) return undefined;
  const start = Number(match[1]);
  const end = match[2] === undefined ? undefined : Number(match[2]);
  if (end !== undefined && end < start) return undefined;
  return { start, end };
}

/** Whether a string is empty after trimming whitespace (H2, F2, F3, G1, G2). */
export function isBlank(value: string | undefined): boolean {
  return value === undefined || value.trim() === "";
}
