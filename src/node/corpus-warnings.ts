/**
 * The warnings a command prints about a corpus it built from Markdown (spec §1.8): a file left out
 * (not valid UTF-8, so its digests could not be reproduced), and a corpus with no documents at all.
 */
import { printable } from "./failure.ts";

/** An `onSkip` callback for `indexDirectory` / `defaultCorpusFiles` that warns on `err`. */
export function warnSkipped(err: (line: string) => void): (path: string, reason: string) => void {
  return (path, reason) => err(`frameline: warning: left out ${printable(path)}: ${reason}`);
}

/** The warning for a corpus with no documents; `source` says where Markdown was looked for. */
export function emptyCorpusWarning(source: string): string {
  return `no Markdown files in ${source}; the corpus is empty`;
}

/** Warns on `err` when `corpus` has no documents; `source` says where Markdown was looked for. */
export function warnIfEmpty(
  corpus: { readonly documents: readonly unknown[] },
  source: string,
  err: (line: string) => void,
): void {
  if (corpus.documents.length === 0) err(`frameline: warning: ${emptyCorpusWarning(source)}`);
}
