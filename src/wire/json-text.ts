/** Reading JSON text that `JSON.parse` has already accepted: where strings end (RFC 8259 §7). */

const BACKSLASH = 0x5c;

/** Whether the character at `at` is escaped: preceded by an odd run of backslashes. */
export function isEscaped(text: string, at: number): boolean {
  let run = at;
  while (text.charCodeAt(run - 1) === BACKSLASH) run -= 1;
  return (at - run) % 2 === 1;
}

/** The index of the quote closing the string whose opening quote is at `start`. */
export function closingQuote(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  while (isEscaped(text, end)) end = text.indexOf('"', end + 1);
  return end;
}
