/** `WireError`: the one error the wire layer raises for bad bytes (spec §1.1, §4.1). */

/** Why a line could not be turned into an envelope, or an envelope into a line. */
export type WireErrorCode =
  /** The line is not JSON. */
  | "invalid_json"
  /** The line's bytes are not valid UTF-8. */
  | "invalid_utf8"
  /** The line is longer than the configured maximum (spec §4.4: 16 MiB). */
  | "line_too_long"
  /** The JSON is not an object with a string `type`. */
  | "not_an_envelope"
  /** The `type` names no envelope of spec §1.1. */
  | "unknown_type"
  /** A known envelope with a missing or mistyped member (spec §1.2 "Required members"). */
  | "invalid_envelope"
  /** A member the schemas read is given twice in one object, so readers could disagree on its value (spec §1.2). */
  | "duplicate_member"
  /** An envelope we were asked to write does not fit its shape. */
  | "unencodable";

/**
 * A wire failure with a machine `code` and a short human message. The message
 * never quotes more than a short prefix of the offending line, and never a
 * member's value.
 */
export class WireError extends Error {
  override readonly name = "WireError";
  constructor(
    readonly code: WireErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const PREVIEW_CHARS = 24;

/** A short, escaped prefix of a bad line, safe to put in a message. */
export function preview(text: string): string {
  const head = JSON.stringify(text.slice(0, PREVIEW_CHARS));
  return text.length > PREVIEW_CHARS ? `${head}…` : head;
}
