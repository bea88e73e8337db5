/** Escaping for the per-frame block of a composed prompt (spec §4.8, R3). */

const ATTRIBUTE_SPECIALS = /[&"<>\r\n]/g;
const ATTRIBUTE_REPLACEMENTS: Readonly<Record<string, string>> = {
  "&": "&amp;",
  '"': "&quot;",
  "<": "&lt;",
  ">": "&gt;",
  "\r": " ",
  "\n": " ",
};
const FENCE_TOKEN = /<(?=\/?frame)/gi;

/**
 * Escapes a block attribute value (spec §4.8): `&` → `&amp;`, `"` → `&quot;`,
 * `<` → `&lt;`, `>` → `&gt;`, and each CR and each LF → one space, so a value
 * can neither close its quotes nor its tag nor start a new line.
 */
export function escapeAttribute(value: string): string {
  return value.replace(ATTRIBUTE_SPECIALS, (special) => ATTRIBUTE_REPLACEMENTS[special]!);
}

/**
 * Neutralises fence tokens in frame content (spec §4.8, R3): wherever `<` is
 * immediately followed by `frame` or `/frame`, in any letter case, a backslash
 * is inserted after the `<` (`</FRAME>` → `<\/FRAME>`). Nothing else changes,
 * so code and markup such as `<div>` stay intact; no nonce, so it is deterministic.
 */
export function neutralizeFences(content: string): string {
  return content.replace(FENCE_TOKEN, "<\\");
}
