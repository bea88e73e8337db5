/** The docs example provider: a Markdown corpus served as CGP frames (spec §1.8, §4.13, §5.5). */
export { buildCorpus, type CorpusFile, LINKS_TO } from "./corpus.ts";
export {
  DOCS_CORPUS_FORMAT,
  type DocsChunk,
  DocsChunkSchema,
  type DocsCorpus,
  DocsCorpusError,
  DocsCorpusSchema,
  type DocsDocument,
  DocsDocumentSchema,
  readCorpus,
} from "./schema.ts";
export { type ChunkPlan, type DocumentPlan, documentLabel, planDocument, TRAIL_SEPARATOR } from "./chunk.ts";
export { type Fence, type Heading, inlineText, type Outline, outline } from "./markdown.ts";
export { lineRangeLabel, lineRangeText, splitLines } from "./lines.ts";
export { findLinks, linkDefinitions, linkDisplayName, type MarkdownLink, resolveLink } from "./links.ts";
export { directoryOf, fileUri, normalizePath } from "./paths.ts";
export { slugify } from "./slug.ts";
export { STOPWORDS, tokenize } from "./tokenize.ts";
export { BM25_B, BM25_K1, type Bm25Index, bm25Index, type SearchHit } from "./bm25.ts";
export { isAnchored, type RankedChunk, rankChunks } from "./rank.ts";
export {
  chunkFrame,
  DOCS_PROVIDER_NAME,
  DOCS_PROVIDER_VERSION,
  docsProvider,
  type DocsProviderOptions,
  queryText,
} from "./provider.ts";
