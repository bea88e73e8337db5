/**
 * Markdown files read from disk into a docs corpus (`src/docs-provider`, spec §1.8,
 * §1.14): a folder's `.md` files, or a project's README and `docs/`.
 */
import { readdir, readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { buildCorpus, type CorpusFile } from "../docs-provider/corpus.ts";
import type { DocsCorpus } from "../docs-provider/schema.ts";

/** Options for reading Markdown files. */
export interface IndexOptions {
  /** Called for a file that is left out (not valid UTF-8), with its relative path and why. */
  readonly onSkip?: (path: string, reason: string) => void;
}

const SKIPPED_DIRECTORIES = new Set(["node_modules"]);
const MARKDOWN = /\.md$/i;

/** Relative POSIX paths of the `.md` files under `dir`, sorted; dot-directories, `node_modules` and symlinks are not followed. */
async function markdownPaths(root: string, dir: string = root): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry): Promise<string[]> => {
      const path = join(dir, entry.name);
      if (entry.isDirectory())
        return entry.name.startsWith(".") || SKIPPED_DIRECTORIES.has(entry.name) ? [] : markdownPaths(root, path);
      return entry.isFile() && MARKDOWN.test(entry.name) ? [relative(root, path).split(sep).join("/")] : [];
    }),
  );
  return nested.flat().sort();
}

/**
 * Reads files as UTF-8 text, byte for byte: a byte-order mark is kept, so
 * digests cover the bytes on disk (spec §4.10). A file that is not valid
 * UTF-8 could not be re-hashed from its text, so it is skipped.
 */
async function readTexts(root: string, paths: readonly string[], options: IndexOptions): Promise<CorpusFile[]> {
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  const files = await Promise.all(
    paths.map(async (path): Promise<CorpusFile | undefined> => {
      const bytes = await readFile(join(root, ...path.split("/")));
      try {
        return { path, text: decoder.decode(bytes) };
      } catch {
        options.onSkip?.(path, "not valid UTF-8");
        return undefined;
      }
    }),
  );
  return files.filter((file) => file !== undefined);
}

/**
 * Every `.md` file under `dir` (recursively; `node_modules`, `.git` and
 * other dot-directories skipped), as corpus files with sorted relative POSIX
 * paths.
 */
export async function markdownFiles(dir: string, options: IndexOptions = {}): Promise<CorpusFile[]> {
  return readTexts(dir, await markdownPaths(dir), options);
}

/**
 * Builds the docs corpus of every `.md` file under `dir`; chunk ids, URIs and
 * citation labels use paths relative to `dir`.
 *
 * @example const corpus = await indexDirectory("./handbook");
 */
export async function indexDirectory(dir: string, options: IndexOptions = {}): Promise<DocsCorpus> {
  return buildCorpus(await markdownFiles(dir, options));
}

/**
 * The default corpus of a project: its `README.md` (when present) and every
 * `.md` file under `docs/`, with paths relative to `projectRoot`, so links
 * between them become relations.
 */
export async function defaultCorpusFiles(projectRoot: string, options: IndexOptions = {}): Promise<CorpusFile[]> {
  const readme = (await readdir(projectRoot, { withFileTypes: true })).some(
    (entry) => entry.isFile() && entry.name === "README.md",
  );
  let docs: string[] = [];
  try {
    docs = (await markdownPaths(join(projectRoot, "docs"))).map((path) => `docs/${path}`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  return readTexts(projectRoot, [...(readme ? ["README.md"] : []), ...docs], options);
}
