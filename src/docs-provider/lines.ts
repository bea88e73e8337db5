/**
 * The line-range convention of spec §1.14 (F17): lines split on LF only, each
 * line including its LF, CR kept as content, 1-based inclusive ranges.
 */

/**
 * Splits text into its lines, each with its terminating LF (spec §1.14). A
 * final line without LF is still a line; text ending in LF has no empty last
 * line; empty text has no lines. Joining the result gives the text back.
 *
 * @example splitLines("a\r\nb\n") // ["a\r\n", "b\n"]
 */
export function splitLines(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  for (let lf = text.indexOf("\n"); lf !== -1; lf = text.indexOf("\n", start)) {
    lines.push(text.slice(start, lf + 1));
    start = lf + 1;
  }
  if (start < text.length) lines.push(text.slice(start));
  return lines;
}

/**
 * The exact text that `L<start>-<end>` addresses (spec §1.14): lines `start`
 * through `end` with their LFs; an end past the last line clamps. Undefined
 * when the range is unreadable (start < 1, start past the last line, end < start).
 */
export function lineRangeText(lines: readonly string[], start: number, end: number): string | undefined {
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 1 || end < start || start > lines.length)
    return undefined;
  return lines.slice(start - 1, Math.min(end, lines.length)).join("");
}

/** The `range` member of a `file` provenance link for lines `start`–`end` (spec §1.8, §1.14). */
export function lineRangeLabel(start: number, end: number): string {
  return `L${start}-${end}`;
}

/** A line without its line ending (its LF and any CRs before it), for parsing only; the §1.14 line itself keeps them. */
export function lineBody(line: string): string {
  let end = line.length;
  if (line.charCodeAt(end - 1) === 0x0a) end -= 1;
  while (end > 0 && line.charCodeAt(end - 1) === 0x0d) end -= 1;
  return line.slice(0, end);
}
