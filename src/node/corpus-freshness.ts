/**
 * Whether a bundled corpus is already what `frameline index` would write: wrangler runs its build step
 * twice when `wrangler dev` starts (once to find the entry, once when its watcher is ready), so the
 * second run finds the corpus built from the same Markdown by the same frameline code and leaves it
 * (spec §1.8: the same files give the same chunks). The inputs are digested, never trusted by time.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { CorpusFile } from "../docs-provider/index.ts";

/** The folder frameline's code runs from: src/ in a checkout, dist/ in the package. */
const CODE_DIR = fileURLToPath(new URL("../", import.meta.url));
/** Code files (not declarations or source maps): what can change a corpus. */
const CODE_FILE = /(?<!\.d)\.(js|ts)$/;
/** The most code files digested (frameline has about 270). */
const MAX_CODE_FILES = 2_000;

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

/**
 * A digest of frameline's code: its code files' paths and digests. Undefined when the code is not laid
 * out as src/ or dist/ (say, bundled into one file) or holds more than `MAX_CODE_FILES` files: then no
 * corpus is taken as fresh.
 */
async function codeDigest(): Promise<string | undefined> {
  if (!existsSync(join(CODE_DIR, "docs-provider")) || !existsSync(join(CODE_DIR, "node"))) return undefined;
  const entries = await readdir(CODE_DIR, { recursive: true, withFileTypes: true });
  const code = entries
    .filter((entry) => entry.isFile() && CODE_FILE.test(entry.name))
    .map((entry) => relative(CODE_DIR, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .sort();
  if (code.length > MAX_CODE_FILES) return undefined;
  const texts = await Promise.all(code.map((path) => readFile(join(CODE_DIR, path))));
  return digest(code.flatMap((path, i) => [path, sha256(texts[i]!)]));
}

/** A digest of a list of strings, each length-prefixed so no two lists collide. */
function digest(parts: readonly string[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(`${part.length}:`).update(part);
  return hash.digest("hex");
}

/** A digest of frameline's code and of `files` (paths and texts); undefined when the code cannot be digested. */
export async function inputsDigest(files: readonly CorpusFile[]): Promise<string | undefined> {
  const code = await codeDigest();
  return code === undefined ? undefined : digest([code, ...files.flatMap((file) => [file.path, file.text])]);
}

/** The digest recorded for a corpus module's text. */
export function moduleDigest(text: string): string {
  return sha256(text);
}

/** Whether `corpusFile` holds the corpus `recorded` describes, built from inputs with digest `inputs`. */
export async function isFresh(recorded: BuiltCorpus, inputs: string | undefined, corpusFile: string): Promise<boolean> {
  if (inputs === undefined || recorded.inputs !== inputs) return false;
  const text = await readFile(corpusFile, "utf8").catch(() => undefined);
  return text !== undefined && moduleDigest(text) === recorded.module;
}
