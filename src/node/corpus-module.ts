/**
 * The corpus as a file: written as the JSON module the Worker imports, and
 * read back (validated by `readCorpus`) by `frameline serve --corpus FILE`.
 */
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { type DocsCorpus, readCorpus } from "../docs-provider/index.ts";

/** The text of a corpus module: the corpus as compact JSON (`JSON.stringify(corpus)`) and a newline. */
export function corpusModuleText(corpus: DocsCorpus): string {
  return `${JSON.stringify(corpus)}\n`;
}

/** Writes a corpus module's text to `outFile`, creating the directory, in one rename (a reader never sees half). */
export async function writeCorpusText(text: string, outFile: string): Promise<void> {
  await mkdir(dirname(outFile), { recursive: true });
  const temporary = `${outFile}.${Date.now()}-${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temporary, text, "utf8");
  await rename(temporary, outFile);
}

/**
 * Writes a corpus as compact JSON (`JSON.stringify(corpus)` and a newline)
 * for the Worker to import as a JSON module, creating the directory; the file
 * is replaced in one rename, so a reader never sees half of it.
 */
export async function writeCorpusModule(corpus: DocsCorpus, outFile: string): Promise<void> {
  await writeCorpusText(corpusModuleText(corpus), outFile);
}

/** Reads a corpus file written by `writeCorpusModule` (or `frameline index`), checked by `readCorpus`. */
export async function readCorpusModule(file: string): Promise<DocsCorpus> {
  return readCorpus(JSON.parse(await readFile(file, "utf8")));
}
