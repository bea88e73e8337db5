/**
 * The search terms of a text: what the docs index stores for a chunk and what a
 * query (`query_text`, `goal`, spec §1.6) is matched by, the same in both
 * serving modes (the bundled index and D1's FTS5 table index these terms).
 */
import { stemmer } from "stemmer";

/** Words too common to tell chunks apart in a `goal` or `query_text` (spec §1.6). */
const STOPWORDS: ReadonlySet<string> = new Set(
  [
    "a an and are as at be but by can do does for from had has have how i if in into is it its",
    "of on or so than that the their them then there these they this to was we were what when",
    "where which who why will with you your",
  ]
    .join(" ")
    .split(" "),
);

/** Longest term kept (longer runs, such as hex digests or base64, are left out). */
const MAX_TERM_LENGTH = 64;

/** An identifier: letters and digits, with `_` joining parts (`token_cost`). */
const IDENTIFIER = /[\p{L}\p{N}]+(?:_+[\p{L}\p{N}]+)*/gu;
/** Where a camelCase or PascalCase identifier splits (`keepAliveTimeout`, `HTTPProxy`). */
const CAMEL_BOUNDARY = /(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;
/** What is not part of a term once lowercased (a mark `toLowerCase` may produce). */
const NOT_TERM = /[^\p{L}\p{N}]+/gu;

const STEM_CACHE_LIMIT = 50_000;
const stems = new Map<string, string>();

/** The Porter stem of a lowercase word (the `stemmer` package), cached. */
function stem(word: string): string {
  let stemmed = stems.get(word);
  if (stemmed === undefined) {
    if (stems.size >= STEM_CACHE_LIMIT) stems.clear();
    stemmed = stemmer(word);
    stems.set(word, stemmed);
  }
  return stemmed;
}

/** A word that needs no lowercasing or cleaning: ASCII lowercase letters and digits. */
const PLAIN = /^[a-z0-9]+$/;
/** Whether an identifier may have camelCase parts (cheaper than splitting every word). */
const MIXED_CASE = /\p{Ll}\p{Lu}|\p{N}\p{Lu}|\p{Lu}\p{Lu}\p{Ll}/u;

/** Appends the term of one word (`wordTerm`), unless it has none. */
function push(out: string[], word: string): void {
  const term = wordTerm(word.toLowerCase());
  if (term !== undefined) out.push(term);
}

/** Appends the terms of one identifier: its whole when it has parts, then each part. */
function pushIdentifier(out: string[], identifier: string): void {
  const parts = partsOf(identifier);
  if (parts.length > 1) push(out, parts.join(""));
  for (const part of parts) push(out, part);
}

/**
 * The term a word of a chunk stands for in a query's phrase (see
 * `phraseTerms`): the lowercase word without `_` and marks, stemmed;
 * undefined for a stopword, an empty or a too long word.
 */
export function wordTerm(lowercaseWord: string): string | undefined {
  const word = PLAIN.test(lowercaseWord) ? lowercaseWord : lowercaseWord.replace(NOT_TERM, "");
  if (word === "" || word.length > MAX_TERM_LENGTH || STOPWORDS.has(word)) return undefined;
  return stem(word);
}

/**
 * A query's words as terms, in order, each once: an identifier as its whole
 * (`keepAliveTimeout` → `keepalivetimeout`), stopwords left out. Proximity
 * (F1 scores) asks whether these stand together in a chunk.
 */
export function phraseTerms(text: string): string[] {
  const out: string[] = [];
  for (const [identifier] of text.matchAll(IDENTIFIER)) {
    const term = wordTerm(partsOf(identifier).join("").toLowerCase());
    if (term !== undefined && !out.includes(term)) out.push(term);
  }
  return out;
}

/** The parts of an identifier: split at `_` and at camelCase boundaries. */
function partsOf(identifier: string): string[] {
  const words = identifier.includes("_") ? identifier.split(/_+/) : [identifier];
  return MIXED_CASE.test(identifier) ? words.flatMap((word) => word.split(CAMEL_BOUNDARY)) : words;
}

/**
 * The search terms of `text`, in text order: each word lowercased and
 * stemmed (Porter), stopwords left out. A code identifier counts as its whole
 * (`token_cost` → `tokencost`, `keepAliveTimeout` → `keepalivetimeout`) and
 * then its parts (`token`, `cost`; `keep`, `alive`, `timeout`); dots and other
 * punctuation separate words (`Dispatcher.compose` → `dispatch`, `compos`).
 * Stops before the term that would take the terms, each with one separator,
 * past `maxChars` characters.
 *
 * @example searchTerms("How does maxRetries work?") // ["maxretri", "max", "retri", "work"]
 */
export function searchTerms(text: string, maxChars = Number.POSITIVE_INFINITY): string[] {
  const out: string[] = [];
  let chars = 0;
  for (const [identifier] of text.matchAll(IDENTIFIER)) {
    const from = out.length;
    pushIdentifier(out, identifier);
    for (let i = from; i < out.length; i++) {
      chars += out[i]!.length + 1;
      if (chars > maxChars) return out.slice(0, i);
    }
  }
  return out;
}

/** The distinct terms of a query's text, in first-seen order (spec §1.6 `query_text`, `goal`). */
export function queryTerms(text: string): string[] {
  return [...new Set(searchTerms(text))];
}
