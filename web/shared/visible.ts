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

/** Every character that may be hidden: one class, so a string without any is scanned once, quickly. */
const CANDIDATES = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2028\u2029]/gu;
/** What an emoji's joiner or variation selector may follow. */
const EMOJI = /^(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\uFE0F)$/u;

/** Whether the candidate `character` at `index` of `text` is hidden (see the file comment). */
function isHidden(text: string, index: number, character: string): boolean {
  if (character === "\t" || character === "\n" || character === "\r") return false;
  if (character !== "\u200D" && character !== "\uFE0F") return true;
  const low = text.charCodeAt(index - 1);
  const before = low >= 0xdc00 && low <= 0xdfff ? text.slice(index - 2, index) : text.slice(index - 1, index);
  return !EMOJI.test(before);
}

/** The marker shown for a hidden character: ⟨U+XXXX⟩. */
export function marker(character: string): string {
  return `⟨U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}⟩`;
}

/** Each hidden character of `text` with its offset, in order. */
export function hiddenIn(text: string): { readonly index: number; readonly character: string }[] {
  const found: { index: number; character: string }[] = [];
  for (const match of text.matchAll(CANDIDATES))
    if (isHidden(text, match.index, match[0])) found.push({ index: match.index, character: match[0] });
  return found;
}

/** `text` with every hidden character replaced by its marker. */
export function revealed(text: string): string {
  return text.replace(CANDIDATES, (character: string, index: number) =>
    isHidden(text, index, character) ? marker(character) : character,
  );
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
