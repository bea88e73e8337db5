/** Tokenizing text for lexical ranking of docs chunks (spec §1.6 `query_text`, `goal`). */

/** Words too common to tell chunks apart in a `goal` or `query_text` (spec §1.6). */
export const STOPWORDS: ReadonlySet<string> = new Set(
  [
    "a an and are as at be but by can do does for from had has have how i if in into is it its",
    "of on or so than that the their them then there these they this to was we were what when",
    "where which who why will with you your",
  ]
    .join(" ")
    .split(" "),
);

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The search terms of a text (a query's `goal`/`query_text`, spec §1.6, or a
 * chunk): maximal runs of Unicode letters and digits, lowercased, stopwords dropped.
 *
 * @example tokenize("How does verify() answer?") // ["verify", "answer"]
 */
export function tokenize(text: string): string[] {
  const terms: string[] = [];
  for (const [word] of text.toLowerCase().matchAll(WORD)) if (!STOPWORDS.has(word)) terms.push(word);
  return terms;
}
