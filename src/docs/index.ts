/**
 * `frameline/docs`: the example provider, a Markdown corpus served as CGP frames (spec §1.8, §4.13,
 * §5.5): `buildCorpus` turns files into a corpus (with its search index), `readCorpus` checks one
 * read back from JSON, and `docsProvider` serves it, or a D1 database written by `frameline index
 * DIR --d1 NAME`; `misbehavingDocsProvider` serves a corpus breaking one guarantee on purpose (spec
 * §5.2), for conformance suites to catch. Chunking, ranking, the D1 layout and link resolution are
 * internal.
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
export {
  type MisbehaveMode,
  type MisbehaveModeInfo,
  MISBEHAVE_MODES,
  isMisbehaveMode,
} from "./misbehave/modes.ts";
export {
  MisbehaveError,
  type MisbehavingAnswer,
  type MisbehavingProvider,
  misbehavingDocsProvider,
  ProviderCrash,
} from "./misbehave/provider.ts";
export { type FetchApp, misbehavingApp } from "./misbehave/http.ts";
