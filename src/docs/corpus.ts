/**
 * `buildCorpus`: Markdown files into a docs corpus of digest-carrying chunks
 * with their line ranges (spec §1.8 `file` provenance, §1.14 line ranges) and
 * `frameline:links-to` relations (§1.8 Relation, G1, G2). Runtime-neutral:
 * the caller reads the files.
 */
import { contentDigest } from "../attest/hash.ts";
import type { Relation } from "../protocol/frame.ts";
import { type ChunkPlan, planDocument } from "./chunk.ts";
import { lineRangeText, splitLines } from "./lines.ts";
import { findLinks, linkDefinitions, linkDisplayName, resolveLink } from "./links.ts";
import { fileUri, normalizePath } from "./paths.ts";
import { DOCS_CORPUS_FORMAT, type DocsChunk, type DocsCorpus, type DocsDocument } from "./schema.ts";

/** One source file: its path relative to the corpus root (POSIX separators) and its text. */
export interface CorpusFile {
  readonly path: string;
  readonly text: string;
}

/** The relation a link between corpus documents becomes (a vendor `rel`, spec U3). */
export const LINKS_TO = "frameline:links-to";

/** The `frameline:links-to` relations of a section, one per linked document other than its own, first link text winning (G1, G2). */
function relationsOf(
  path: string,
  plan: ChunkPlan,
  definitions: ReadonlyMap<string, string>,
  paths: ReadonlySet<string>,
): Relation[] {
  const relations = new Map<string, Relation>();
  for (const link of findLinks(plan.prose, definitions)) {
    const target = resolveLink(path, link.destination);
    if (target === undefined || target === path || !paths.has(target)) continue;
    const uri = fileUri(target);
    if (!relations.has(uri))
      relations.set(uri, { rel: LINKS_TO, target_uri: uri, display_name: linkDisplayName(link.text) || target });
  }
  return [...relations.values()];
}

/**
 * Builds a corpus from Markdown files (spec §1.8, §1.14). Files are sorted by
 * path, so the corpus does not depend on the order they are given in. Each
 * document is chunked by ATX heading (see `planDocument`); each chunk's text
 * is exactly its lines, LFs and CRs included, and its digest the `sha256:` of
 * those UTF-8 bytes, which a host can re-read and re-hash (§4.10). The same
 * text gives the same ids and digests on every build. Throws `RangeError` for
 * a path that escapes the root or appears twice.
 *
 * @example
 * const corpus = await buildCorpus([{ path: "README.md", text: "# Hello\n\nWorld.\n" }]);
 * corpus.chunks[0]; // { id: "README.md#hello", trail: "README › Hello", start: 1, end: 3, … }
 */
export async function buildCorpus(files: readonly CorpusFile[]): Promise<DocsCorpus> {
  const sources = files.map((file) => {
    const path = normalizePath(file.path);
    if (path === undefined) throw new RangeError(`not a path inside the corpus: ${JSON.stringify(file.path)}`);
    return { path, text: file.text };
  });
  sources.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  sources.forEach((source, i) => {
    if (i > 0 && sources[i - 1]!.path === source.path)
      throw new RangeError(`the corpus has two files at ${JSON.stringify(source.path)}`);
  });
  const paths = new Set(sources.map((source) => source.path));
  const documents: DocsDocument[] = [];
  const chunks: Promise<DocsChunk>[] = [];
  for (const { path, text } of sources) {
    const lines = splitLines(text);
    const uri = fileUri(path);
    const plan = planDocument(path, lines);
    documents.push({ path, uri, title: plan.title, digest: await contentDigest(text), lines: lines.length });
    const definitions = linkDefinitions(plan.proseLines);
    for (const chunk of plan.chunks) {
      const chunkText = lineRangeText(lines, chunk.start, chunk.end)!;
      chunks.push(
        contentDigest(chunkText).then((digest) => ({
          id: chunk.id,
          kind: chunk.kind,
          path,
          uri,
          trail: chunk.trail,
          start: chunk.start,
          end: chunk.end,
          text: chunkText,
          digest,
          relations: chunk.kind === "doc" ? relationsOf(path, chunk, definitions, paths) : [],
        })),
      );
    }
  }
  return { format: DOCS_CORPUS_FORMAT, documents, chunks: await Promise.all(chunks) };
}
