/**
 * The block outline of a Markdown document that chunking needs: ATX headings
 * and fenced code blocks, located by 1-based line as spec §1.14 counts lines.
 * A `#` line inside a fence is code, not a heading.
 */
import { lineBody } from "./lines.ts";

/** An ATX heading (`#` to `######`): its 1-based line (§1.14), level and inline-cleaned text. */
export interface Heading {
  readonly line: number;
  readonly level: number;
  readonly text: string;
}

/** A fenced code block: 1-based inclusive lines (§1.14) from the opening to the closing fence, and its info string. */
export interface Fence {
  readonly start: number;
  readonly end: number;
  readonly info: string;
}

/** The headings and fences of a document, in line order (§1.14 line numbers). */
interface Outline {
  readonly headings: readonly Heading[];
  readonly fences: readonly Fence[];
}

const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*))?$/;
/** An opening fence; indentation is not limited, so fences inside list items count. */
const OPENING_FENCE = /^[ \t]*(`{3,}|~{3,})(.*)$/;

/** Heading text without its optional closing sequence of `#`s (which must follow a space or tab, or be all there is). */
function withoutClosingSequence(text: string): string {
  const trimmed = text.trimEnd();
  let start = trimmed.length;
  while (start > 0 && trimmed[start - 1] === "#") start -= 1;
  if (start === trimmed.length || (start > 0 && trimmed[start - 1] !== " " && trimmed[start - 1] !== "\t"))
    return trimmed;
  return trimmed.slice(0, start);
}

/**
 * Inline Markdown reduced to readable text, for frame titles (spec §1.8
 * `title`, F2): links and images become their text, code-span backticks go,
 * whitespace collapses.
 *
 * @example inlineText("The `encodeLine` [codec](codec.md)") // "The encodeLine codec"
 */
export function inlineText(text: string): string {
  return text
    .replace(/!?\[([^[\]]*)\]\([^()]*\)/g, "$1")
    .replace(/`+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Whether `body` closes a fence opened by `marker` (same character, at least as long, nothing after). */
function closes(body: string, marker: string): boolean {
  const trimmed = body.trim();
  return trimmed.length >= marker.length && trimmed === marker[0]!.repeat(trimmed.length);
}

/**
 * Scans a document's lines (as `splitLines` returns them, spec §1.14) for
 * ATX headings and fenced code blocks (CommonMark shapes; setext headings
 * are not read).
 * An unclosed fence runs to the end of the document. A byte-order mark on the
 * first line is not part of a heading.
 */
export function outline(lines: readonly string[]): Outline {
  const headings: Heading[] = [];
  const fences: Fence[] = [];
  let open: { start: number; marker: string; info: string } | undefined;
  lines.forEach((line, i) => {
    const number = i + 1;
    const body = lineBody(i === 0 ? line.replace(/^\uFEFF/, "") : line);
    if (open) {
      if (closes(body, open.marker)) {
        fences.push({ start: open.start, end: number, info: open.info });
        open = undefined;
      }
      return;
    }
    const fence = OPENING_FENCE.exec(body);
    if (fence && !(fence[1]![0] === "`" && fence[2]!.includes("`"))) {
      open = { start: number, marker: fence[1]!, info: fence[2]!.trim().split(/\s+/)[0] ?? "" };
      return;
    }
    const heading = HEADING.exec(body);
    if (heading)
      headings.push({
        line: number,
        level: heading[1]!.length,
        text: inlineText(withoutClosingSequence(heading[2] ?? "")),
      });
  });
  if (open) fences.push({ start: open.start, end: lines.length, info: open.info });
  return { headings, fences };
}
