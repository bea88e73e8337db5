/**
 * `buildCorpus`: Markdown files into a docs corpus of digest-carrying chunks
 * with their line ranges (spec §1.8 `file` provenance, §1.14 line ranges) and
 * `frameline:links-to` relations (§1.8 Relation, G1, G2), and its search
 * index. Runtime-neutral: the caller reads the files.
 */
import { contentDigest } from "../attest/hash.ts";
import type { Relation } from "../protocol/frame.ts";
import { type ChunkPlan, planDocument } from "./chunk.ts";
import { lineRangeText, splitLines } from "./lines.ts";
import { findLinks, linkDefinitions, linkDisplayName, resolveLink } from "./links.ts";
import { comparePaths, fileUri, normalizePath } from "./paths.ts";
import { DOCS_CORPUS_FORMAT, type DocsChunk, type DocsCorpus, type DocsDocument } from "./schema.ts";
import { buildSearchIndex } from "./search-index.ts";

/** One source file: its path relative to the corpus root (POSIX separators) and its text. */
export interface CorpusFile {
  readonly path: string;
  readonly text: string;
}

/** The relation a link between corpus documents becomes (a vendor `rel`, spec U3). */
export const LINKS_TO = "frameline:links-to";

/** The links of a section that resolve to another corpus path: the path and the link's text. */
function sectionLinks(path: string, plan: ChunkPlan, definitions: ReadonlyMap<string, string>) {
  return findLinks(plan.prose, definitions).flatMap((link) => {
    const target = resolveLink(path, link.destination);
    return target === undefined || target === path ? [] : [{ target, text: link.text }];
  });
}

/** The `frameline:links-to` relations of a section's links to corpus documents, one per document, first link text winning (G1, G2). */
function relationsOf(links: readonly { target: string; text: string }[], paths: ReadonlySet<string>): Relation[] {
  const relations = new Map<string, Relation>();
  for (const link of links) {
    const uri = fileUri(link.target);
    if (paths.has(link.target) && !relations.has(uri))
      relations.set(uri, { rel: LINKS_TO, target_uri: uri, display_name: linkDisplayName(link.text) || link.target });
  }
  return [...relations.values()];
}

/** One document built: its entry, its chunks, and the corpus paths its prose links to (relations or not). */
interface BuiltDocument {
  readonly document: DocsDocument;
  readonly chunks: readonly DocsChunk[];
  /** Every normalized path a link of its sections resolves to, whether or not the corpus has it (sorted). */
  readonly linkTargets: readonly string[];
}

/**
 * Builds one document of a corpus whose paths are `paths` (links to them become
 * relations, G1, G2): chunked by ATX heading (see `planDocument`), each chunk's
 * text exactly its lines and its digest the `sha256:` of those bytes (§1.14, §4.10).
 */
export async function buildDocument(source: CorpusFile, paths: ReadonlySet<string>): Promise<BuiltDocument> {
  const { path, text } = source;
  const lines = splitLines(text);
  const uri = fileUri(path);
  const plan = planDocument(path, lines);
  const definitions = linkDefinitions(plan.proseLines);
  const targets = new Set<string>();
  const chunks = plan.chunks.map(async (chunk): Promise<DocsChunk> => {
    const chunkText = lineRangeText(lines, chunk.start, chunk.end)!;
    const links = chunk.kind === "doc" ? sectionLinks(path, chunk, definitions) : [];
    for (const link of links) targets.add(link.target);
    return {
      id: chunk.id,
      kind: chunk.kind,
      path,
      uri,
      trail: chunk.trail,
      start: chunk.start,
      end: chunk.end,
      text: chunkText,
      digest: await contentDigest(chunkText),
      relations: relationsOf(links, paths),
    };
  });
  const document = { path, uri, title: plan.title, digest: await contentDigest(text), lines: lines.length };
  return { document, chunks: await Promise.all(chunks), linkTargets: [...targets].sort(comparePaths) };
}

/**
 * Normalizes and sorts corpus files by path (code point order, as SQLite
 * compares text), so a corpus does not depend on the order files are given in.
 * Throws `RangeError` for a path that escapes the root or appears twice.
 */
export function corpusSources(files: readonly CorpusFile[]): CorpusFile[] {
  const sources = files.map((file) => {
    const path = normalizePath(file.path);
    if (path === undefined) throw new RangeError(`not a path inside the corpus: ${JSON.stringify(file.path)}`);
    return { path, text: file.text };
  });
  sources.sort((a, b) => comparePaths(a.path, b.path));
  sources.forEach((source, i) => {
    if (i > 0 && sources[i - 1]!.path === source.path)
      throw new RangeError(`the corpus has two files at ${JSON.stringify(source.path)}`);
  });
  return sources;
}

/**
 * Builds a corpus from Markdown files (spec §1.8, §1.14): documents sorted by
 * path, each chunked by `buildDocument`, and the search index over all chunks,
 * so serving it starts without indexing. The same text gives the same ids,
 * digests and index on every build. Throws `RangeError` for a path that
 * escapes the root or appears twice.
 *
 * @example
 * const corpus = await buildCorpus([{ path: "README.md", text: "# Hello\n\nWorld.\n" }]);
 * corpus.chunks[0]; // { id: "README.md#hello", trail: "README › Hello", start: 1, end: 3, … }
 */
export async function buildCorpus(files: readonly CorpusFile[]): Promise<DocsCorpus> {
  const sources = corpusSources(files);
  const paths = new Set(sources.map((source) => source.path));
  const built = await Promise.all(sources.map((source) => buildDocument(source, paths)));
  const chunks = built.flatMap((entry) => entry.chunks);
  return {
    format: DOCS_CORPUS_FORMAT,
    documents: built.map((entry) => entry.document),
    chunks,
    index: buildSearchIndex(chunks),
  };
}
