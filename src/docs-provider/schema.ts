/**
 * The docs corpus as plain JSON (what `buildCorpus` makes and a Worker imports
 * as a JSON module), with a valibot schema to read one back.
 */
import * as v from "valibot";
import { RelationSchema } from "../protocol/frame.ts";

/** The corpus format this code writes and reads (its chunks become spec §1.8 frames). */
export const DOCS_CORPUS_FORMAT = "frameline-docs-corpus/1";

const Digest = v.pipe(v.string(), v.regex(/^sha256:[0-9a-f]{64}$/));
const Line = v.pipe(v.number(), v.safeInteger(), v.minValue(1));

/** One source document: its corpus path, `file:///` URI, title, whole-file digest (spec §1.8 `file` provenance) and line count. */
export const DocsDocumentSchema = v.object({
  path: v.string(),
  uri: v.string(),
  title: v.string(),
  digest: Digest,
  lines: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
});
/** One source document of a corpus (spec §1.8 `uri`, F5 digest). */
export type DocsDocument = v.InferOutput<typeof DocsDocumentSchema>;

/**
 * One chunk, served as one frame: a heading section (`doc`) or a fenced code
 * block (`snippet`). `text` is exactly lines `start`–`end` of the document
 * (spec §1.14), `digest` the `sha256:` of its UTF-8 bytes, so it is both the
 * frame's `content_digest` (D1) and its `file` provenance digest (F5).
 * `relations` are `frameline:links-to` edges to linked corpus documents (G1, G2).
 */
export const DocsChunkSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  kind: v.picklist(["doc", "snippet"]),
  path: v.string(),
  uri: v.string(),
  trail: v.pipe(v.string(), v.minLength(1)),
  start: Line,
  end: Line,
  text: v.string(),
  digest: Digest,
  relations: v.array(RelationSchema),
});
/** One chunk of a corpus: one frame (spec §1.8). */
export type DocsChunk = v.InferOutput<typeof DocsChunkSchema>;

/**
 * A stored search index, as a corpus file carries it (plain JSON): its
 * format, and the engine's own serialization, checked when it is loaded.
 */
const SearchIndexDataSchema = v.object({ format: v.string(), data: v.unknown() });
/** A stored search index (saved with the corpus by `buildCorpus` and `frameline index`). */
export type SearchIndexData = v.InferOutput<typeof SearchIndexDataSchema>;

/**
 * A docs corpus: documents sorted by path, chunks in document and line order
 * (spec §1.8, §1.14), and the search index built over them (optional: a
 * corpus without one gets it built when it is served).
 */
export const DocsCorpusSchema = v.object({
  format: v.literal(DOCS_CORPUS_FORMAT),
  documents: v.array(DocsDocumentSchema),
  chunks: v.array(DocsChunkSchema),
  index: v.optional(SearchIndexDataSchema),
});
/** A docs corpus (spec §1.8, §1.14). */
export type DocsCorpus = v.InferOutput<typeof DocsCorpusSchema>;

/** Why a value is not a docs corpus (an error value with a message, as ARCHITECTURE.md asks; no spec anchor: the corpus is not a wire shape). */
export class DocsCorpusError extends Error {
  override readonly name = "DocsCorpusError";
}

/**
 * Reads a value (e.g. an imported `corpus.json`) as a docs corpus, checking
 * its shape and format; throws `DocsCorpusError` naming the first problem.
 */
export function readCorpus(value: unknown): DocsCorpus {
  const result = v.safeParse(DocsCorpusSchema, value);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const path = issue.path?.map((item) => String(item.key)).join(".") ?? "";
  throw new DocsCorpusError(`not a ${DOCS_CORPUS_FORMAT} corpus${path ? ` at ${path}` : ""}: ${issue.message}`);
}
