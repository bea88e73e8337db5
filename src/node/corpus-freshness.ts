/**
 * Whether a bundled corpus is already what `frameline index` would write: wrangler runs its build step
 * twice when `wrangler dev` starts (once to find the entry, once when its watcher is ready), so the
 * second run finds the corpus built from the same Markdown by the same frameline code and leaves it
 * (spec §1.8: the same files give the same chunks). The inputs are digested, never trusted by time.
 */
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { CorpusFile } from "../docs/index.ts";

/** The folder frameline's code runs from: src/ in a checkout, dist/ in the package. */
const CODE_DIR = fileURLToPath(new URL("../", import.meta.url));
/** Code files (not declarations or source maps): what can change a corpus. */
const CODE_FILE = /(?<!\.d)\.(js|ts)$/;

/** What a bundled corpus was built from and what it is, recorded beside it (corpus.source.json). */
export interface BuiltCorpus {
  /** The digest of frameline's code and every Markdown file's path and text. */
  readonly inputs: string;
  /** The digest of the corpus module as written. */
  readonly module: string;
  readonly chunks: number;
  /** The corpus module gzipped, in bytes (for the size warning of a run that leaves it). */
  readonly gzipBytes: number;
}

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

/** A digest of frameline's code and of `files` (paths and texts, length-prefixed so no two lists collide). */
export async function inputsDigest(files: readonly CorpusFile[]): Promise<string> {
  const entries = await readdir(CODE_DIR, { recursive: true, withFileTypes: true });
  const code = entries
    .filter((entry) => entry.isFile() && CODE_FILE.test(entry.name))
    .map((entry) => relative(CODE_DIR, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .sort();
  const hash = createHash("sha256");
  const texts = await Promise.all(code.map((path) => readFile(join(CODE_DIR, path))));
  const add = (...parts: (string | Uint8Array)[]) => {
    for (const part of parts) hash.update(`${part.length}:`).update(part);
  };
  for (const [i, path] of code.entries()) add(path, sha256(texts[i]!));
  for (const file of files) add(file.path, file.text);
  return hash.digest("hex");
}

/** The digest recorded for a corpus module's text. */
export function moduleDigest(text: string): string {
  return sha256(text);
}

/** Whether `corpusFile` holds the corpus `recorded` describes, built from inputs with digest `inputs`. */
export async function isFresh(recorded: BuiltCorpus | undefined, inputs: string, corpusFile: string): Promise<boolean> {
  if (recorded?.inputs !== inputs) return false;
  const text = await readFile(corpusFile, "utf8").catch(() => undefined);
  return text !== undefined && moduleDigest(text) === recorded.module;
}
