/**
 * Writing evidence (spec §5): short, exact, and safe to print. Provider
 * strings (ids, kinds, codes) are quoted, cut short and have every control or
 * direction-changing character escaped; frame content never appears.
 */
import type { Violation } from "../protocol/checks/violation.ts";

const LONGEST_QUOTE = 60;
const MOST_FINDINGS = 5;

/** A provider-supplied string as evidence: JSON-quoted, at most 60 characters, control and bidi characters escaped. */
export function quote(value: string): string {
  const cut = value.length > LONGEST_QUOTE ? `${value.slice(0, LONGEST_QUOTE)}…` : value;
  // JSON.stringify escapes C0 controls, quotes and backslashes; the rest that can drive a terminal or reorder text is escaped here.
  return JSON.stringify(cut).replace(
    /[\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** Findings joined with `; `, at most five, then how many more there were. */
export function findings(items: readonly string[]): string {
  const shown = items.slice(0, MOST_FINDINGS).join("; ");
  return items.length > MOST_FINDINGS ? `${shown}; … and ${items.length - MOST_FINDINGS} more` : shown;
}

/** A requirement violation as evidence: anchor, frame, member, message (the message never quotes content). */
export function violationText(found: Violation): string {
  const frame = found.frame === undefined ? "" : ` frame ${quote(found.frame)}`;
  const path = found.path === undefined ? "" : ` ${found.path}`;
  return `${found.anchor}${frame}${path}: ${found.message}`;
}

/** `n thing` or `n things` (or `plural`, for a noun that does not take an s: `count(2, "identity", "identities")`). */
export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}
