// Synthetic docs corpora of a chosen size, made from real Markdown by varying it (never identical copies):
// copy k of a file lives under copy-k/, has about one word in seven swapped for another word of the corpus
// (seeded), and carries "v<k>" at the end of each non-blank line outside fence markers, so every chunk of a
// copy differs from the same chunk in every other copy while headings, fences and so chunking stay as they are.
import { planDocument } from "../../src/docs-provider/chunk.ts";
import type { CorpusFile } from "../../src/docs-provider/index.ts";
import { splitLines } from "../../src/docs-provider/lines.ts";
import { seededRandom } from "../../test/support/random.ts";

const WORD = /[A-Za-z]{4,}/g;
const FENCE = /^\s*(```|~~~)/;

/** One varied copy of a file's text (copy 0 is the file as it is). */
function vary(text: string, copy: number, vocabulary: readonly string[], random: () => number): string {
  if (copy === 0) return text;
  return splitLines(text)
    .map((line) => {
      const body = line.replace(/\r?\n$/, "");
      const end = line.slice(body.length);
      if (body.trim() === "" || FENCE.test(body)) return line;
      const swapped = body.replace(WORD, (word) =>
        random() < 0.15 ? vocabulary[Math.floor(random() * vocabulary.length)]! : word,
      );
      return `${swapped} v${copy}${end}`;
    })
    .join("");
}

/** The files of a corpus of at least `chunks` chunks (files taken in order, in as many varied copies as needed). */
export function syntheticCorpus(base: readonly CorpusFile[], chunks: number, seed = 13): CorpusFile[] {
  const vocabulary = [...new Set(base.flatMap((file) => file.text.match(WORD) ?? []))].sort();
  const sizes = base.map((file) => planDocument(file.path, splitLines(file.text)).chunks.length);
  const random = seededRandom(seed);
  const out: CorpusFile[] = [];
  let total = 0;
  for (let copy = 0; total < chunks; copy++)
    for (const [i, file] of base.entries()) {
      if (total >= chunks) break;
      out.push({
        path: copy === 0 ? file.path : `copy-${copy}/${file.path}`,
        text: vary(file.text, copy, vocabulary, random),
      });
      total += sizes[i]!;
    }
  return out;
}
