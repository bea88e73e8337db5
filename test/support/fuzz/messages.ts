// WireError checks: a known code, and a short message that shows at most a 24-char preview of the input.
import {
  CONTENT_FIDELITIES,
  INLINE_CONTENT_REQUIREMENTS,
  REPRESENTATIONS,
  VERDICT_STATUSES,
  type WireError,
} from "../lib.ts";
import type { Failures } from "./failures.ts";

const WIRE_ERROR_CODES = new Set([
  "invalid_json",
  "invalid_utf8",
  "line_too_long",
  "not_an_envelope",
  "unknown_type",
  "invalid_envelope",
  "duplicate_member",
  "unencodable",
]);
const MAX_MESSAGE_CHARS = 200;
/** A message may show a ≤ 24-char preview of the input; quoted, that is 26 chars, so a verbatim run of 27 is an echo. */
export const PREVIEW_CHARS = 24;
const VERBATIM_WINDOW = PREVIEW_CHARS + 3;
/** Schema vocabulary a message may list as expected values ("expected ("required" | …)"). */
const VOCABULARY = [...REPRESENTATIONS, ...CONTENT_FIDELITIES, ...INLINE_CONTENT_REQUIREMENTS, ...VERDICT_STATUSES];
/** Never in a decoded input (lone surrogates become U+FFFD), so no verbatim run can span it. */
const CUT = "\udc00\ud800";

/** A quoted string literal in a message, optionally followed by an ellipsis. */
const QUOTED = /"(?:[^"\\]|\\.)*"…?/g;

/** The text of a quoted literal (a trailing ellipsis ignored), or undefined when it is not one. */
function quotedText(literal: string): string | undefined {
  try {
    const text: unknown = JSON.parse(literal.replace(/…$/, ""));
    return typeof text === "string" ? text : undefined;
  } catch {
    return undefined;
  }
}

function sharesRun(text: string, input: string, window: number): boolean {
  for (let i = 0; i + window <= text.length; i++) if (input.includes(text.slice(i, i + window))) return true;
  return false;
}

/** A ≤ 24-char preview, which escapes may make longer than a verbatim window, or a schema word. */
function isAllowedLiteral(literal: string): boolean {
  const text = quotedText(literal);
  return (
    text !== undefined &&
    ((text.length <= PREVIEW_CHARS && literal.length >= VERBATIM_WINDOW) || VOCABULARY.includes(text as never))
  );
}

/**
 * Whether the message shows more of the input than a ≤ 24-char preview: a
 * verbatim run longer than a quoted preview (schema words such as
 * "resolvable_reference_allowed" excepted), or a quoted literal holding more
 * than 24 chars of which 25 in a row occur in the input.
 */
export function echoesInput(message: string, input: string): boolean {
  const verbatim = message.replace(QUOTED, (literal) => (isAllowedLiteral(literal) ? CUT : literal));
  if (sharesRun(verbatim, input, VERBATIM_WINDOW)) return true;
  for (const [literal] of message.matchAll(QUOTED)) {
    const text = quotedText(literal);
    if (
      text !== undefined &&
      text.length > PREVIEW_CHARS &&
      !VOCABULARY.includes(text as never) &&
      sharesRun(text, input, PREVIEW_CHARS + 1)
    )
      return true;
  }
  return false;
}

export function checkWireError(error: WireError, input: string, where: string, failures: Failures): void {
  if (!WIRE_ERROR_CODES.has(error.code))
    failures.add("WireError with an unknown code", `${where}: code ${String(error.code).slice(0, 40)}`);
  if (typeof error.message !== "string" || error.message.length === 0)
    failures.add("WireError without a message", where);
  else if (error.message.length > MAX_MESSAGE_CHARS)
    failures.add(
      `WireError message over ${MAX_MESSAGE_CHARS} chars`,
      `${where}: ${error.code}, ${error.message.length} chars`,
    );
  else if (echoesInput(error.message, input))
    failures.add(
      `WireError message echoes more than ${PREVIEW_CHARS} chars of the input`,
      `${where}: ${error.code}`,
      error.code,
    );
}
