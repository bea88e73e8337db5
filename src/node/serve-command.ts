/**
 * `frameline serve --stdio [--corpus DIR|FILE]`: the docs provider on the
 * stdio binding (spec §1.1), over a folder of Markdown indexed now, a corpus
 * file written by `frameline index`, or by default the current folder's
 * README.md and docs/.
 */
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { buildCorpus, type DocsCorpus, docsProvider } from "../docs/index.ts";
import { readCorpusModule } from "./corpus-module.ts";
import { defaultCorpusFiles, indexDirectory } from "./markdown-files.ts";
import { serveStdio } from "./serve-stdio.ts";

/** The corpus `--corpus` names (a folder, or a `.json` corpus file), resolved against `cwd`. */
export async function corpusFor(corpus: string | undefined, cwd: string): Promise<DocsCorpus> {
  if (corpus === undefined) return buildCorpus(await defaultCorpusFiles(cwd));
  const path = resolve(cwd, corpus);
  return (await stat(path)).isDirectory() ? indexDirectory(path) : readCorpusModule(path);
}

/** Serves the docs provider on stdin/stdout until shutdown or end of input; diagnostics on stderr. */
export async function serveCommand(options: {
  corpus: string | undefined;
  cwd: string;
  maxLineBytes: number;
  log: (line: string) => void;
}): Promise<void> {
  const corpus = await corpusFor(options.corpus, options.cwd);
  options.log(`frameline: serving docs (${corpus.chunks.length} chunks) on stdio`);
  await serveStdio(docsProvider(corpus), { maxLineBytes: options.maxLineBytes });
}
