/**
 * `frameline/docs`: the example provider, a Markdown corpus served as CGP frames (spec §1.8, §4.13,
 * §5.5): `buildCorpus` turns files into a corpus (with its search index), `readCorpus` checks one
 * read back from JSON, and `docsProvider` serves it, or a D1 database written by `frameline index
 * DIR --d1 NAME`. Chunking, ranking, the D1 layout and link resolution are internal. The same
 * provider breaking one guarantee on purpose, for conformance suites to catch, is
 * `frameline/conformance/misbehave` (src/misbehave).
 */
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
export type { D1DocsDatabase, D1DocsStatement } from "./d1/store.ts";
export { DOCS_PROVIDER_NAME, DOCS_PROVIDER_VERSION, docsProvider, type DocsProviderOptions } from "./provider.ts";
