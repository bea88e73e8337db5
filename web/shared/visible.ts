/**
 * Provider text made safe to read beside the page's own. A string from a
 * provider can carry bidirectional controls (UAX #9) that reorder the page's
 * text around it — "score 0.8 · cost 33" read as "33 tsoc · 8.0 erocs" — and
 * invisible characters that hide what it says. Each such character is shown
 * as a marker, ⟨U+202E⟩, so none of them reaches the page as itself.
 *
 * Marked: C0 and C1 controls but tab, line feed and carriage return; format
 * characters (every bidi control, zero-width spaces, U+FEFF, tag characters);
 * the other default-ignorable code points; U+2028 and U+2029. A zero-width
 * joiner or an emoji variation selector that follows an emoji is kept: it is
 * part of how the emoji is drawn.
 */
const HIDDEN =
  /(?<!\p{Extended_Pictographic}|\p{Emoji_Modifier}|\uFE0F)(?:\u200D|\uFE0F)|(?![\t\n\r\u200D]|\uFE0F)[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2028\u2029]/gu;

/** The marker shown for a hidden character: ⟨U+XXXX⟩. */
export function marker(character: string): string {
  return `⟨U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}⟩`;
}

/** Each hidden character of `text` with its offset, in order. */
export function hiddenIn(text: string): IterableIterator<RegExpMatchArray> {
  return text.matchAll(HIDDEN);
}

/** `text` with every hidden character replaced by its marker. */
export function revealed(text: string): string {
  return text.replace(HIDDEN, marker);
}

/**
 * `text` revealed and wrapped in FIRST STRONG ISOLATE … POP DIRECTIONAL
 * ISOLATE: for the places that hold only text (attribute values, options,
 * sentences the host builds), so right-to-left letters in it stay inside it.
 * Nothing in a revealed string can close the isolate early.
 */
export function isolated(text: string): string {
  return `\u2068${revealed(text)}\u2069`;
}
